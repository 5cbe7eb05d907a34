/**
 * A test Solana wallet, registered in the page by the Wallet Standard
 * (`wallet-standard:register-wallet`, and again on `wallet-standard:app-ready`). Its ed25519 key
 * stays on the signing side (`handleSolanaFeature`, where @noble/curves signs): the test process
 * behind a Playwright binding in the e2e tests, the page itself in the demo. Browser-safe.
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { type BindingAnswer, svgIcon } from './protocol.ts';
import { signSolanaWireTransaction } from './sign-solana-transaction.ts';

export interface TestSolanaWalletOptions {
  /** Shown in the picker; default 'Test Solana Wallet'. */
  name?: string;
  /** A 32-byte ed25519 secret key (seed); random by default. */
  secretKey?: Uint8Array;
  color?: string;
}

export interface TestSolanaWallet {
  name: string;
  icon: string;
  secretKey: Uint8Array;
  publicKey: Uint8Array;
  /** base58 of the public key. */
  address: string;
  connected: boolean;
  /** The messages it signed, as UTF-8. */
  signedMessages: string[];
  /** The transactions it signed (signed wire bytes), in order. */
  signedTransactions: Uint8Array[];
  /** Every feature call the page made ('standard:connect', 'solana:signMessage', …). */
  calls: string[];
  /** The next `count` signMessage or signTransaction calls fail as rejected by the user. */
  rejectSignatures(count: number): void;
}

export const solanaMainnet = 'solana:mainnet';

/** A wallet with what only its signing side uses. */
export interface SolanaWalletState extends TestSolanaWallet {
  rejections: number;
}

/** A wallet's state from its options; `index` picks its icon colour. */
export function createSolanaWallet(o: TestSolanaWalletOptions, index: number): SolanaWalletState {
  const secretKey = o.secretKey ?? ed25519.utils.randomSecretKey();
  const publicKey = ed25519.getPublicKey(secretKey);
  const name = o.name ?? 'Test Solana Wallet';
  const wallet: SolanaWalletState = {
    name,
    icon: svgIcon(o.color ?? ['#14532d', '#7c2d12', '#1e3a8a'][index % 3]!, name.slice(0, 1).toUpperCase()),
    secretKey,
    publicKey,
    address: base58.encode(publicKey),
    connected: false,
    signedMessages: [],
    signedTransactions: [],
    calls: [],
    rejections: 0,
    rejectSignatures(count) {
      wallet.rejections = count;
    },
  };
  return wallet;
}

/** Answers one Wallet Standard feature call of the page for `wallet`. */
export async function handleSolanaFeature(
  wallet: SolanaWalletState | undefined,
  feature: string,
  payload: unknown,
): Promise<BindingAnswer> {
  if (!wallet) return { error: { code: 4200, message: 'No such wallet' } };
  wallet.calls.push(feature);
  switch (feature) {
    case 'standard:connect':
      wallet.connected = true;
      return { result: true };
    case 'standard:disconnect':
      wallet.connected = false;
      return { result: true };
    case 'solana:signMessage': {
      const { address, message } = payload as { address: string; message: number[] };
      if (!wallet.connected || address !== wallet.address) {
        return { error: { code: 4100, message: 'The account is not connected.' } };
      }
      if (wallet.rejections > 0) {
        wallet.rejections -= 1;
        return { error: { code: 4001, message: 'User rejected the request.' } };
      }
      const bytes = Uint8Array.from(message);
      wallet.signedMessages.push(new TextDecoder().decode(bytes));
      return { result: Array.from(ed25519.sign(bytes, wallet.secretKey)) };
    }
    case 'solana:signTransaction': {
      const { address, transaction } = payload as { address: string; transaction: number[] };
      if (!wallet.connected || address !== wallet.address) {
        return { error: { code: 4100, message: 'The account is not connected.' } };
      }
      if (wallet.rejections > 0) {
        wallet.rejections -= 1;
        return { error: { code: 4001, message: 'User rejected the request.' } };
      }
      let signed: Uint8Array;
      try {
        signed = signSolanaWireTransaction(Uint8Array.from(transaction), wallet.secretKey);
      } catch (error) {
        return { error: { code: -32602, message: error instanceof Error ? error.message : String(error) } };
      }
      wallet.signedTransactions.push(signed);
      return { result: Array.from(signed) };
    }
    default:
      return { error: { code: 4200, message: `Unsupported feature ${feature}` } };
  }
}

/** What the page side needs of each wallet (no key). */
export function pageSolanaWallets(binding: string, wallets: SolanaWalletState[]): PageSolanaWalletsArg {
  return {
    binding,
    chain: solanaMainnet,
    wallets: wallets.map((w) => ({
      name: w.name,
      icon: w.icon,
      address: w.address,
      publicKey: Array.from(w.publicKey),
    })),
  };
}

export interface PageSolanaWalletsArg {
  binding: string;
  chain: string;
  wallets: { name: string; icon: string; address: string; publicKey: number[] }[];
}

/**
 * Runs in the page: one Wallet Standard wallet per entry, registered the way `registerWallet` does,
 * each feature call handed to `window[arg.binding]`. Self-contained (no imports, no closures): the
 * e2e tests pass its source text.
 */
export function registerWalletStandardWallets(arg: PageSolanaWalletsArg): void {
  type Listener = (properties: { accounts?: unknown[] }) => void;
  const call = (window as unknown as Record<string, (...args: unknown[]) => Promise<BindingAnswer>>)[
    arg.binding
  ]!;
  const ask = async (index: number, feature: string, payload?: unknown) => {
    const answer = await call(index, feature, payload ?? null);
    if (answer.error) throw Object.assign(new Error(answer.error.message), answer.error);
    return answer.result;
  };

  for (const [index, info] of arg.wallets.entries()) {
    const listeners = new Set<Listener>();
    const account = Object.freeze({
      address: info.address,
      publicKey: Uint8Array.from(info.publicKey),
      chains: Object.freeze([arg.chain]),
      features: Object.freeze(['solana:signMessage', 'solana:signTransaction']),
      label: info.name,
      icon: info.icon,
    });
    let accounts: (typeof account)[] = [];
    const changed = () => {
      for (const listener of [...listeners]) listener({ accounts });
    };
    const wallet = {
      version: '1.0.0' as const,
      name: info.name,
      icon: info.icon,
      chains: Object.freeze([arg.chain]),
      get accounts() {
        return accounts.slice();
      },
      features: Object.freeze({
        'standard:connect': {
          version: '1.0.0',
          async connect(input?: { silent?: boolean }) {
            // A silent connect only restores an earlier grant.
            if (!(input?.silent && accounts.length === 0)) {
              await ask(index, 'standard:connect');
              if (accounts.length === 0) {
                accounts = [account];
                changed();
              }
            }
            return { accounts: accounts.slice() };
          },
        },
        'standard:disconnect': {
          version: '1.0.0',
          async disconnect() {
            await ask(index, 'standard:disconnect');
            accounts = [];
            changed();
          },
        },
        'standard:events': {
          version: '1.0.0',
          on(event: string, listener: Listener) {
            if (event !== 'change') return () => undefined;
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
        },
        'solana:signMessage': {
          version: '1.0.0',
          async signMessage(...inputs: { account: { address: string }; message: Uint8Array }[]) {
            const outputs = [];
            for (const input of inputs) {
              const signature = (await ask(index, 'solana:signMessage', {
                address: input.account.address,
                message: Array.from(input.message),
              })) as number[];
              outputs.push({ signedMessage: input.message, signature: Uint8Array.from(signature) });
            }
            return outputs;
          },
        },
        'solana:signTransaction': {
          version: '1.0.0',
          supportedTransactionVersions: Object.freeze(['legacy', 0]),
          async signTransaction(
            ...inputs: { account: { address: string }; transaction: Uint8Array; chain?: string }[]
          ) {
            const outputs = [];
            for (const input of inputs) {
              const signed = (await ask(index, 'solana:signTransaction', {
                address: input.account.address,
                transaction: Array.from(input.transaction),
                chain: input.chain ?? null,
              })) as number[];
              outputs.push({ signedTransaction: Uint8Array.from(signed) });
            }
            return outputs;
          },
        },
      }),
    };
    const callback = ({ register }: { register: (w: unknown) => unknown }) => register(wallet);
    try {
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
    } catch (error) {
      console.error('wallet-standard:register-wallet event could not be dispatched', error);
    }
    window.addEventListener('wallet-standard:app-ready', (event) => {
      callback((event as CustomEvent<{ register: (w: unknown) => unknown }>).detail);
    });
  }
}
