import { base64 } from '@scure/base';
import { LatchkeyClientError, LatchkeyError } from '../../errors.ts';

/**
 * A minimal Solana JSON-RPC client over `fetch`: the handful of calls transaction preparation
 * makes. Not kit's `createSolanaRpc`: 18.5 KiB gzip, and it reads Node's NODE_ENV variable too (see
 * transaction.ts).
 */
export interface SolanaRpcClient {
  request<T>(method: string, params: unknown[]): Promise<T>;
}

/** A JSON-RPC error answer from the Solana node (`data` carries the simulation, logs included). */
export class SolanaRpcError extends LatchkeyError {
  override name = 'SolanaRpcError' as const;
  readonly rpcCode: number;
  readonly data: unknown;

  constructor(rpcCode: number, message: string, data: unknown) {
    super(message, 'transaction_failure');
    this.rpcCode = rpcCode;
    this.data = data;
  }

  /** The program logs of a refused transaction (preflight failure), when the node sent them. */
  get logs(): string[] | undefined {
    const logs = (this.data as { logs?: unknown } | undefined)?.logs;
    return Array.isArray(logs) ? logs.filter((line): line is string => typeof line === 'string') : undefined;
  }
}

/** Parses JSON keeping integers beyond 2^53 (u64 lamports) exact where the engine exposes the source text. */
function parseJson(text: string): unknown {
  return JSON.parse(text, (_key, value, context?: { source?: string }) =>
    typeof value === 'number' &&
    !Number.isSafeInteger(value) &&
    context?.source &&
    /^\d+$/.test(context.source)
      ? BigInt(context.source)
      : value,
  );
}

export interface CreateSolanaRpcClientParameters {
  /** The cluster's JSON-RPC URL. */
  url: string;
  fetch?: typeof fetch;
}

/**
 * @example
 * const rpc = createSolanaRpcClient({ url: 'https://api.devnet.solana.com' });
 * const { value } = await rpc.request<{ value: number }>('getBalance', [address]);
 */
export function createSolanaRpcClient({
  url,
  fetch: fetchImpl = fetch,
}: CreateSolanaRpcClientParameters): SolanaRpcClient {
  let nextId = 1;
  return {
    async request<T>(method: string, params: unknown[]): Promise<T> {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
        });
      } catch (cause) {
        throw new LatchkeyClientError('network_error', `Solana RPC ${method} failed`, { cause });
      }
      if (!response.ok)
        throw new SolanaRpcError(response.status, `Solana RPC ${method}: HTTP ${response.status}`, null);
      const body = parseJson(await response.text()) as {
        result?: T;
        error?: { code: number; message: string; data?: unknown };
      };
      if (body.error) throw new SolanaRpcError(body.error.code, body.error.message, body.error.data);
      return body.result as T;
    },
  };
}

/** Standard padded base64 (@scure/base), as the RPC's `encoding: 'base64'` expects. */
export function toBase64(bytes: Uint8Array): string {
  return base64.encode(bytes);
}

/** The bytes of the RPC's base64 (account data); strict, so a mangled answer fails here. */
export function fromBase64(text: string): Uint8Array {
  return base64.decode(text);
}

/** A u64 from the RPC (a number, or a bigint when it exceeds 2^53) as a bigint. */
export function toU64(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isInteger(value)) return BigInt(value);
  throw new LatchkeyClientError(
    'invalid_input',
    `Expected an integer from the Solana RPC, got ${String(value)}`,
  );
}
