import type { EIP1193Provider } from '../wallets/types.ts';
import { EmbeddedWalletError, embeddedMessages, ProviderRpcError } from './errors.ts';
import type { EvmChain } from './fees.ts';
import { type ChainRpc, httpChainRpc } from './json-rpc.ts';
import {
  configuredChain,
  type PreparedTransaction,
  prepareTransaction,
  type TransactionRequest,
  toHex,
} from './prepare-transaction.ts';

/** The methods that sign, and so go through `confirm` and the frame. */
export type EmbeddedSigningMethod =
  | 'personal_sign'
  | 'eth_sign'
  | 'eth_signTypedData_v4'
  | 'eth_signTransaction'
  | 'eth_sendTransaction';

/** What a confirmation screen is shown before anything is signed. */
export interface EmbeddedConfirmRequest {
  method: EmbeddedSigningMethod;
  address: string;
  /** The request's params, as the caller sent them. */
  params: readonly unknown[];
  /** The chain the request is for (for transactions: the transaction's chain). */
  chain: EvmChain;
  /** Transactions only: what will be signed, with nonce, gas and fees filled. */
  transaction?: PreparedTransaction | undefined;
}

/** Resolves to go on; rejects (any reason) to refuse with 4001 'The user rejected the request.'. */
export type ConfirmHook = (request: EmbeddedConfirmRequest) => Promise<void>;

/** The frame's `privy:wallets:rpc` for this wallet: returns `response.data`. */
export type FrameSign = (request: { method: string; params: unknown }) => Promise<unknown>;

export interface CreateEmbeddedEthereumProviderParameters {
  address: string;
  /** The configured chains (viem `Chain` objects); the first is the starting chain. */
  chains: readonly EvmChain[];
  /** The starting chain; default the first configured. */
  chainId?: number | undefined;
  sign: FrameSign;
  /** JSON-RPC to a chain; default HTTP to `chain.rpcUrls.default.http[0]`. */
  rpcFor?: ((chain: EvmChain) => ChainRpc) | undefined;
  fetch?: typeof fetch | undefined;
  delay?: ((ms: number) => Promise<void>) | undefined;
  /** Awaited before every signature; the React layer shows its confirmation screens here. */
  confirm?: ConfirmHook | undefined;
}

export interface EmbeddedRequestOptions {
  /** Replaces the provider's hook for this call; null signs without asking. */
  confirm?: ConfirmHook | null | undefined;
}

type Listener = (...args: never[]) => void;

export interface EmbeddedEthereumProvider extends EIP1193Provider {
  readonly address: string;
  /** The current chain id. */
  readonly chainId: number;
  request(
    args: { method: string; params?: readonly unknown[] | Record<string, unknown> },
    options?: EmbeddedRequestOptions,
  ): Promise<unknown>;
  /** `chainChanged` (hex chain id) and `accountsChanged` (address list). */
  on(event: string, listener: Listener): EmbeddedEthereumProvider;
  removeListener(event: string, listener: Listener): EmbeddedEthereumProvider;
  /**
   * Tells listeners the wallet is gone, e.g. on logout: `accountsChanged` with `[]`, then EIP-1193's
   * `disconnect` with a 4900 ProviderRpcError.
   */
  disconnect(): void;
  /**
   * Fills `request` as `eth_sendTransaction` would (nonce, gas, fees, on its chain or the current
   * one) without signing anything: what a screen shows before the request is made.
   */
  prepareTransaction(
    request: TransactionRequest,
  ): Promise<{ transaction: PreparedTransaction; chain: EvmChain }>;
}

/** `wallet_switchEthereumChain`'s chain id: a string (hex or decimal), else 4200 'Invalid params'. */
function switchTarget(params: unknown): number {
  const chainId = Array.isArray(params)
    ? (params[0] as { chainId?: unknown } | undefined)?.chainId
    : undefined;
  if (typeof chainId !== 'string') throw new ProviderRpcError(4200, embeddedMessages.invalidParams);
  const n = /^0x[0-9a-fA-F]+$/.test(chainId)
    ? Number.parseInt(chainId, 16)
    : /^\d+$/.test(chainId)
      ? Number(chainId)
      : Number.NaN;
  if (!Number.isSafeInteger(n) || n <= 0) throw new ProviderRpcError(4200, embeddedMessages.invalidParams);
  return n;
}

/** A frame failure as an EIP-1193 error; the frame's `type` stays readable in `data` and `cause`. */
function toProviderError(error: unknown): unknown {
  if (!(error instanceof EmbeddedWalletError)) return error;
  const code = error.type === 'invalid_request_arguments' ? -32602 : -32603;
  return new ProviderRpcError(code, error.message, { data: { type: error.type }, cause: error });
}

/**
 * An EIP-1193 provider for one embedded Ethereum wallet: accounts and chain locally, signatures
 * in the wallet frame (after `confirm`), transactions prepared here (nonce, gas, fees), signed in
 * the frame and sent with `eth_sendRawTransaction`; other `eth_*` reads go to the chain's node.
 * Works as a viem `custom()` transport and as a wagmi injected provider.
 *
 * @example
 * const provider = createEmbeddedEthereumProvider({ address, chains: [mainnet, base], sign });
 * const client = createWalletClient({ account: address, chain: mainnet, transport: custom(provider) });
 */
export function createEmbeddedEthereumProvider(
  params: CreateEmbeddedEthereumProviderParameters,
): EmbeddedEthereumProvider {
  const { address, chains } = params;
  if (chains.length === 0) throw new ProviderRpcError(-32602, 'At least one chain must be configured');
  let chainId = configuredChain(chains, params.chainId ?? chains[0]!.id).id;
  const listeners = new Map<string, Set<Listener>>();
  const rpcs = new Map<number, ChainRpc>();

  const rpcFor = (chain: EvmChain): ChainRpc => {
    let rpc = rpcs.get(chain.id);
    if (!rpc) {
      const url = chain.rpcUrls.default.http[0];
      if (!params.rpcFor && !url) throw new ProviderRpcError(4901, `Chain ${chain.id} has no RPC URL`);
      rpc = params.rpcFor ? params.rpcFor(chain) : httpChainRpc(url!, params.fetch);
      rpcs.set(chain.id, rpc);
    }
    return rpc;
  };

  function emit(event: string, ...args: unknown[]) {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        (listener as (...a: unknown[]) => void)(...args);
      } catch {
        // A listener's failure is its own; the others still hear the event.
      }
    }
  }

  function assertOwnAddress(value: unknown) {
    if (typeof value !== 'string' || value.toLowerCase() !== address.toLowerCase())
      throw new ProviderRpcError(4100, embeddedMessages.unauthorized);
  }

  async function confirmed(hook: ConfirmHook | null | undefined, request: EmbeddedConfirmRequest) {
    if (!hook) return;
    try {
      await hook(request);
    } catch (error) {
      throw new ProviderRpcError(4001, embeddedMessages.userRejected, { cause: error });
    }
  }

  async function sign(method: string, signParams: unknown): Promise<unknown> {
    try {
      return await params.sign({ method, params: signParams });
    } catch (error) {
      throw toProviderError(error);
    }
  }

  const prepare = (request: TransactionRequest) =>
    prepareTransaction(request, {
      address,
      chainId,
      chains,
      rpcFor,
      fetch: params.fetch,
      delay: params.delay,
    });

  async function transaction(
    method: 'eth_signTransaction' | 'eth_sendTransaction',
    list: readonly unknown[],
    hook: ConfirmHook | null | undefined,
  ): Promise<unknown> {
    const { transaction: prepared, chain } = await prepare((list[0] ?? {}) as TransactionRequest);
    await confirmed(hook, { method, address, params: list, chain, transaction: prepared });
    const signed = await sign('eth_signTransaction', [prepared]);
    if (method === 'eth_signTransaction') return signed;
    return rpcFor(chain)('eth_sendRawTransaction', [signed]);
  }

  async function request(
    args: { method: string; params?: readonly unknown[] | Record<string, unknown> },
    options: EmbeddedRequestOptions = {},
  ): Promise<unknown> {
    const { method } = args;
    const list: readonly unknown[] = Array.isArray(args.params) ? args.params : [];
    const hook = options.confirm === undefined ? params.confirm : options.confirm;
    const chain = () => configuredChain(chains, chainId);
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [address];
      case 'eth_chainId':
        return toHex(chainId);
      case 'wallet_switchEthereumChain': {
        const target = switchTarget(args.params);
        if (!chains.some((c) => c.id === target))
          throw new ProviderRpcError(4902, embeddedMessages.unsupportedChain(target), {
            data: { chainId: target },
          });
        if (target !== chainId) {
          chainId = target;
          emit('chainChanged', toHex(target));
        }
        return null;
      }
      case 'personal_sign': {
        const [message, signer] = list;
        if (typeof message !== 'string' || message.length === 0)
          throw new ProviderRpcError(-32602, embeddedMessages.emptyMessage);
        if (signer !== undefined) assertOwnAddress(signer);
        await confirmed(hook, { method, address, params: list, chain: chain() });
        return sign(method, [message, address]);
      }
      case 'eth_sign':
      case 'eth_signTypedData_v4': {
        const [signer, payload] = list;
        assertOwnAddress(signer);
        if (payload === undefined || payload === null || payload === '')
          throw new ProviderRpcError(-32602, embeddedMessages.invalidParams);
        await confirmed(hook, { method, address, params: list, chain: chain() });
        return sign(method, [address, payload]);
      }
      case 'eth_signTransaction':
      case 'eth_sendTransaction':
        return transaction(method, list, hook);
      default:
        if (/^(eth|net|web3)_/.test(method)) return rpcFor(chain())(method, list);
        throw new ProviderRpcError(4200, embeddedMessages.unsupportedMethod, { data: { method } });
    }
  }

  const provider: EmbeddedEthereumProvider = {
    address,
    get chainId() {
      return chainId;
    },
    request,
    on(event, listener) {
      const set = listeners.get(event) ?? new Set<Listener>();
      listeners.set(event, set);
      set.add(listener);
      return provider;
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
      return provider;
    },
    disconnect() {
      emit('accountsChanged', []);
      emit('disconnect', new ProviderRpcError(4900, embeddedMessages.disconnected));
    },
    prepareTransaction: prepare,
  };
  return provider;
}
