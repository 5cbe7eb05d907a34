/**
 * A test Ethereum wallet: announced in the page by EIP-6963 and an EIP-1193 provider there, like a
 * browser-extension wallet. Its state and key live on the signing side (`handleEthRequest`): in the
 * e2e tests that is the test process behind a Playwright binding (the key never enters the page, the
 * test reads and steers the wallet), in the demo the page itself (`installInPageTestWallets`).
 * Browser-safe.
 */
import { getAddress, type Hex, hexToBytes, isHex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { type BindingAnswer, svgIcon, type WalletError } from './protocol.ts';

export interface TestEthWalletOptions {
  /** Shown in the picker; default 'Test Wallet'. */
  name?: string;
  /** Reverse-DNS id; default 'dev.latchkey.testwallet'. */
  rdns?: string;
  privateKey?: Hex;
  /** The chain it starts on; default 1. */
  chainId?: number;
  /** Chains it knows without wallet_addEthereumChain; default [1, 11155111, 8453]. */
  knownChains?: number[];
  /** Icon color. */
  color?: string;
  /**
   * A lying wallet: claims the account of `privateKey` but signs with this other key, so the
   * signature does not recover to the address it presents.
   */
  forgeWith?: Hex;
  /**
   * Sends the page's `eth_sendTransaction` (its params' first item, `from` the wallet) and answers the
   * hash: a test sends it on its own node. Unset, the wallet does not send (4200), as before.
   */
  sendTransaction?: (transaction: Record<string, unknown>) => Promise<string>;
}

export interface EthRequest {
  method: string;
  params: unknown;
}

export interface TestEthWallet {
  name: string;
  rdns: string;
  uuid: string;
  icon: string;
  account: PrivateKeyAccount;
  /** EIP-55 checksummed. */
  address: `0x${string}`;
  /** Whether the page has been granted the account (eth_requestAccounts). */
  connected: boolean;
  chainId: number;
  /** Chains known to the wallet (the start set plus those added by wallet_addEthereumChain). */
  knownChains: Set<number>;
  /** Every request the page made, in order. */
  requests: EthRequest[];
  /** The messages it signed (UTF-8 when the page sent text or hex of valid UTF-8). */
  signedMessages: string[];
  /** The next `count` personal_sign requests fail with 4001 (user rejected). */
  rejectSignatures(count: number): void;
}

const providerErrors = {
  userRejected: { code: 4001, message: 'User rejected the request.' },
  unauthorized: {
    code: 4100,
    message: 'The requested account and/or method has not been authorized by the user.',
  },
  unsupported: { code: 4200, message: 'The requested method is not supported by this Ethereum provider.' },
  unrecognizedChain: {
    code: 4902,
    message: 'Unrecognized chain ID. Try adding the chain using wallet_addEthereumChain first.',
  },
  invalidParams: { code: -32602, message: 'Invalid method parameters.' },
} satisfies Record<string, WalletError>;

const palette = ['#6b46c1', '#0f766e', '#b45309', '#be123c', '#1d4ed8', '#4d7c0f', '#a21caf', '#334155'];

/** A wallet with what only its signing side uses. */
export interface EthWalletState extends TestEthWallet {
  rejections: number;
  signer: PrivateKeyAccount;
  sendTransaction: TestEthWalletOptions['sendTransaction'];
}

/** A wallet's state from its options; `index` picks its icon colour. */
export function createEthWallet(options: TestEthWalletOptions, index: number): EthWalletState {
  const account = privateKeyToAccount(options.privateKey ?? generatePrivateKey());
  const name = options.name ?? 'Test Wallet';
  const wallet: EthWalletState = {
    name,
    rdns: options.rdns ?? 'dev.latchkey.testwallet',
    uuid: crypto.randomUUID(),
    icon: svgIcon(options.color ?? palette[index % palette.length]!, name.slice(0, 1).toUpperCase()),
    account,
    address: getAddress(account.address),
    connected: false,
    chainId: options.chainId ?? 1,
    knownChains: new Set(options.knownChains ?? [1, 11155111, 8453]),
    requests: [],
    signedMessages: [],
    rejections: 0,
    signer: options.forgeWith ? privateKeyToAccount(options.forgeWith) : account,
    sendTransaction: options.sendTransaction,
    rejectSignatures(count) {
      wallet.rejections = count;
    },
  };
  wallet.knownChains.add(wallet.chainId);
  return wallet;
}

const hexChain = (chainId: number) => `0x${chainId.toString(16)}`;

function parseChainId(value: unknown): number | null {
  if (typeof value === 'string' && /^0x[0-9a-f]+$/i.test(value)) return Number.parseInt(value, 16);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  return null;
}

/** Answers one EIP-1193 request of the page for `wallet`. */
export async function handleEthRequest(
  wallet: EthWalletState,
  method: string,
  params: unknown,
): Promise<BindingAnswer> {
  wallet.requests.push({ method, params });
  const list = Array.isArray(params) ? params : [];
  switch (method) {
    case 'eth_requestAccounts': {
      if (wallet.connected) return { result: [wallet.address] };
      wallet.connected = true;
      return {
        result: [wallet.address],
        events: [
          { event: 'connect', data: { chainId: hexChain(wallet.chainId) } },
          { event: 'accountsChanged', data: [wallet.address] },
        ],
      };
    }
    case 'eth_accounts':
      return { result: wallet.connected ? [wallet.address] : [] };
    case 'eth_chainId':
      return { result: hexChain(wallet.chainId) };
    case 'net_version':
      return { result: String(wallet.chainId) };
    case 'wallet_requestPermissions':
      wallet.connected = true;
      return { result: [{ parentCapability: 'eth_accounts' }] };
    case 'wallet_getPermissions':
      return { result: wallet.connected ? [{ parentCapability: 'eth_accounts' }] : [] };
    case 'wallet_revokePermissions':
      wallet.connected = false;
      return { result: null, events: [{ event: 'accountsChanged', data: [] }] };
    case 'personal_sign': {
      // [message, address]; some clients send them the other way round.
      const [first, second] = list as unknown[];
      const addressFirst = typeof first === 'string' && /^0x[0-9a-f]{40}$/i.test(first);
      const message = addressFirst ? second : first;
      const address = addressFirst ? first : second;
      if (typeof message !== 'string') return { error: providerErrors.invalidParams };
      if (!wallet.connected) return { error: providerErrors.unauthorized };
      if (typeof address === 'string' && address.toLowerCase() !== wallet.address.toLowerCase()) {
        return { error: providerErrors.unauthorized };
      }
      if (wallet.rejections > 0) {
        wallet.rejections -= 1;
        return { error: providerErrors.userRejected };
      }
      const signature = isHex(message)
        ? await wallet.signer.signMessage({ message: { raw: message } })
        : await wallet.signer.signMessage({ message });
      wallet.signedMessages.push(isHex(message) ? new TextDecoder().decode(hexToBytes(message)) : message);
      return { result: signature };
    }
    case 'wallet_switchEthereumChain': {
      const chainId = parseChainId((list[0] as { chainId?: unknown } | undefined)?.chainId);
      if (chainId === null) return { error: providerErrors.invalidParams };
      if (!wallet.knownChains.has(chainId)) return { error: providerErrors.unrecognizedChain };
      if (chainId === wallet.chainId) return { result: null };
      wallet.chainId = chainId;
      return { result: null, events: [{ event: 'chainChanged', data: hexChain(chainId) }] };
    }
    case 'wallet_addEthereumChain': {
      const chain = list[0] as { chainId?: unknown; rpcUrls?: unknown } | undefined;
      const chainId = parseChainId(chain?.chainId);
      if (chainId === null || !Array.isArray(chain?.rpcUrls)) return { error: providerErrors.invalidParams };
      // Adds the chain only; the app switches to it with wallet_switchEthereumChain afterwards.
      wallet.knownChains.add(chainId);
      return { result: null };
    }
    case 'eth_sendTransaction': {
      const transaction = list[0] as Record<string, unknown> | undefined;
      if (!wallet.sendTransaction) return { error: providerErrors.unsupported };
      if (!wallet.connected) return { error: providerErrors.unauthorized };
      if (
        typeof transaction?.from !== 'string' ||
        transaction.from.toLowerCase() !== wallet.address.toLowerCase()
      ) {
        return { error: providerErrors.unauthorized };
      }
      return { result: await wallet.sendTransaction(transaction) };
    }
    default:
      return { error: providerErrors.unsupported };
  }
}

/** An unknown wallet index: the binding's answer. */
export const unsupportedRequest: BindingAnswer = { error: providerErrors.unsupported };

export interface PageEthWalletsArg {
  binding: string;
  wallets: { uuid: string; name: string; icon: string; rdns: string }[];
}

/**
 * Runs in the page: one EIP-1193 provider per wallet, announced by EIP-6963, each request handed to
 * `window[arg.binding]`. Self-contained (no imports, no closures): the e2e tests pass its source text.
 */
export function announceEip6963Wallets(arg: PageEthWalletsArg): void {
  type Listener = (data: unknown) => void;
  const call = (window as unknown as Record<string, (...args: unknown[]) => Promise<BindingAnswer>>)[
    arg.binding
  ]!;
  const announcements = arg.wallets.map((info, index) => {
    const listeners = new Map<string, Set<Listener>>();
    const emit = (event: string, data: unknown) => {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          listener(data);
        } catch (error) {
          console.error(error);
        }
      }
    };
    const provider = {
      async request(request: { method: string; params?: unknown }) {
        if (!request || typeof request.method !== 'string') {
          throw Object.assign(new Error('Invalid request'), { code: -32600 });
        }
        const answer = await call(index, request.method, request.params ?? []);
        for (const event of answer.events ?? []) setTimeout(() => emit(event.event, event.data), 0);
        if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
        return answer.result;
      },
      on(event: string, listener: Listener) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
        return provider;
      },
      removeListener(event: string, listener: Listener) {
        listeners.get(event)?.delete(listener);
        return provider;
      },
      off(event: string, listener: Listener) {
        return provider.removeListener(event, listener);
      },
      isLatchkeyTestWallet: true,
    };
    return Object.freeze({ info: Object.freeze({ ...info }), provider });
  });
  const announce = () => {
    for (const detail of announcements) {
      window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }));
    }
  };
  window.addEventListener('eip6963:requestProvider', announce);
  announce();
}
