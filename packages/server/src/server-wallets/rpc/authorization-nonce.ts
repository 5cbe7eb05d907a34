import type { ServerContext } from '../../context.ts';
import { ApiError } from '../../http/api-error.ts';
import { rpcUrlFor } from '../transactions/chains.ts';
import { nodeRefusal } from '../transactions/ethereum-send.ts';
import { httpRpc } from '../transactions/json-rpc.ts';
import type { ServerWalletRow } from '../wallet-view.ts';

/**
 * `eth_sign7702Authorization` without `params.nonce` (the incumbent's API makes it optional): the
 * wallet's next nonce on the authorization's chain, from the chain's pending count, one more when the
 * wallet sends the authorizing transaction itself (`executor: 'self'`: that send uses the count).
 */
export async function withAuthorizationNonce(
  ctx: ServerContext,
  wallet: ServerWalletRow,
  params: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  if (params.nonce !== undefined) return params;
  const chainId = params.chain_id;
  const id =
    typeof chainId === 'number'
      ? BigInt(chainId)
      : typeof chainId === 'string' && /^0x[0-9a-fA-F]+$/.test(chainId)
        ? BigInt(chainId)
        : null;
  if (id === null)
    throw new ApiError('invalid_data', 'Invalid params.chain_id: must be a 0x-hex quantity or a number');
  const rpc = httpRpc(await rpcUrlFor(ctx, wallet.app_id, `eip155:${id}`));
  let count: bigint;
  try {
    count = BigInt(String(await rpc('eth_getTransactionCount', [wallet.address, 'pending'])));
  } catch (error) {
    throw nodeRefusal(error);
  }
  return { ...params, nonce: `0x${(count + (params.executor === 'self' ? 1n : 0n)).toString(16)}` };
}
