/**
 * Stand-ins for a page and its wallets: an EventTarget page with `location`, scripted EIP-1193
 * providers (with events) announced over EIP-6963, and Wallet Standard Solana wallets.
 */
import type {
  EIP1193Provider,
  StandardWallet,
  StandardWalletAccount,
  WalletWindow,
} from '../src/wallets/types.ts';

/** A fake page: an EventTarget with `location`. */
export function fakeWindow(extra: Partial<WalletWindow> = {}): WalletWindow {
  const target = new EventTarget() as WalletWindow;
  Object.assign(target, {
    location: { host: 'app.example.com', origin: 'https://app.example.com', search: '' },
    ...extra,
  });
  return target;
}

/** A scripted EIP-1193 wallet that records its calls and can emit `chainChanged` / `accountsChanged`. */
export function fakeProvider(handlers: Record<string, (params: unknown) => unknown>) {
  const calls: { method: string; params: unknown }[] = [];
  const listeners = new Map<string, Set<(...args: never[]) => void>>();
  const provider: EIP1193Provider & { on: NonNullable<EIP1193Provider['on']> } = {
    async request({ method, params }) {
      calls.push({ method, params });
      const handler = handlers[method];
      if (!handler) throw Object.assign(new Error('Method not found'), { code: -32601 });
      return handler(params);
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set();
      listeners.set(event, set);
      set.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
  };
  const emit = (event: string, value: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (v: unknown) => void)(value);
  };
  const listenerCount = () => [...listeners.values()].reduce((n, set) => n + set.size, 0);
  return { provider, calls, emit, listenerCount };
}

/** Announces `provider` whenever the page asks (EIP-6963), as an extension does. */
export function announce(win: WalletWindow, name: string, rdns: string, provider: EIP1193Provider) {
  const send = () =>
    win.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({ info: { uuid: `${rdns}-uuid`, name, icon: 'data:,', rdns }, provider }),
      }),
    );
  win.addEventListener('eip6963:requestProvider', send);
  send();
}

/** A Wallet Standard wallet with `features` (no behaviour): for discovery. */
export function solanaWallet(
  name: string,
  features: string[] = ['standard:connect', 'solana:signMessage'],
): StandardWallet {
  return {
    name,
    icon: 'data:,',
    version: '1.0.0',
    chains: ['solana:mainnet'],
    features: Object.fromEntries(features.map((f) => [f, { version: '1.0.0' }])),
    accounts: [],
  };
}

/**
 * A working Wallet Standard Solana wallet with one account: connect, disconnect and signMessage
 * (signature bytes 1, 2, 3), recording what it was asked.
 */
export function workingSolanaWallet(name: string, address: string) {
  const account: StandardWalletAccount = {
    address,
    publicKey: new Uint8Array(32),
    chains: ['solana:mainnet'],
    features: [],
  };
  const calls: string[] = [];
  const signed: Uint8Array[] = [];
  const wallet: StandardWallet = {
    name,
    icon: 'data:,',
    chains: ['solana:mainnet'],
    accounts: [account],
    features: {
      'standard:connect': {
        version: '1.0.0',
        connect: async (input?: { silent?: boolean }) => {
          calls.push(input?.silent ? 'connect:silent' : 'connect');
          return { accounts: [account] };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        disconnect: async () => {
          calls.push('disconnect');
        },
      },
      'solana:signMessage': {
        version: '1.0.0',
        signMessage: async (input: { message: Uint8Array }) => {
          calls.push('signMessage');
          signed.push(input.message);
          return [{ signedMessage: input.message, signature: new Uint8Array([1, 2, 3]) }];
        },
      },
      'solana:signTransaction': {
        version: '1.0.0',
        signTransaction: async (input: { transaction: Uint8Array; chain?: string }) => {
          calls.push(`signTransaction:${input.chain}`);
          signed.push(input.transaction);
          return [{ signedTransaction: Uint8Array.of(...input.transaction, 7) }];
        },
      },
    },
  };
  return { wallet, account, calls, signed };
}

/** Registers `wallet` when the app says it is ready (a wallet loaded before the app). */
export function registerWhenReady(win: WalletWindow, wallet: StandardWallet) {
  win.addEventListener('wallet-standard:app-ready', (event) =>
    (event as CustomEvent<{ register(w: StandardWallet): void }>).detail.register(wallet),
  );
}
