import { ProviderRpcError } from './errors.ts';

/** One JSON-RPC call to a chain node: what transaction preparation and the provider need. */
export type ChainRpc = (method: string, params?: readonly unknown[]) => Promise<unknown>;

let nextId = 0;

/**
 * JSON-RPC over HTTP to `url` (a chain's `rpcUrls.default.http[0]`). A node's `error` becomes a
 * ProviderRpcError with the node's code, message and data, so reverts reach the caller intact:
 * viem's `http` transport would wrap them in RpcRequestError (and cost the app's chunks +38.6 KiB,
 * see wallets/address.ts).
 *
 * @example
 * const rpc = httpChainRpc('http://127.0.0.1:8545');
 * const nonce = await rpc('eth_getTransactionCount', [address, 'pending']);
 */
export function httpChainRpc(url: string, fetchFn: typeof fetch = globalThis.fetch): ChainRpc {
  return async (method, params = []) => {
    let response: Response;
    try {
      response = await fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params }),
      });
    } catch (error) {
      throw new ProviderRpcError(-32603, `Could not reach the chain's RPC endpoint (${method})`, {
        cause: error,
      });
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      throw new ProviderRpcError(-32603, `Chain RPC answered ${response.status} without JSON (${method})`, {
        cause: error,
      });
    }
    const reply = body as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
    if (reply && typeof reply === 'object' && reply.error) {
      const { code, message, data } = reply.error;
      throw new ProviderRpcError(
        typeof code === 'number' ? code : -32603,
        typeof message === 'string' ? message : `Chain RPC error (${method})`,
        { data },
      );
    }
    if (!response.ok || !reply || typeof reply !== 'object' || !('result' in reply)) {
      throw new ProviderRpcError(-32603, `Chain RPC answered ${response.status} (${method})`);
    }
    return reply.result;
  };
}
