import { createPublicClient, type Hex, http, isHex, verifyMessage } from 'viem';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';

const badSignature = () => new ApiError('invalid_credentials', 'Invalid signature.');

/** A SIWE signature: 0x-prefixed hex. Anything else is invalid_data. */
export function parseEvmSignature(input: string): Hex {
  if (!isHex(input, { strict: true }) || input.length < 4 || input.length % 2 !== 0)
    throw new ApiError('invalid_data', 'Invalid signature: expected 0x-prefixed hex.');
  return input as Hex;
}

/**
 * Verifies a personal_sign (EIP-191) signature over `message` for `address`. An EOA signature is
 * checked locally; otherwise, when the server has a JSON-RPC URL for `chainId`, the chain decides
 * (viem's universal validator: EIP-1271 for deployed contract wallets, EIP-6492 for accounts not
 * deployed yet). Failures of any kind are invalid_credentials; RPC trouble is logged.
 */
export async function verifyEvmSignature(
  ctx: ServerContext,
  params: { address: Hex; message: string; signature: Hex; chainId: number },
): Promise<void> {
  const { address, message, signature } = params;
  // A 65-byte signature may be a plain ECDSA one: no network needed when it recovers.
  if (signature.length === 132) {
    try {
      if (await verifyMessage({ address, message, signature })) return;
    } catch {
      // Not a recoverable ECDSA signature; a contract wallet may still accept it.
    }
  }
  // Keys are CAIP-2 ids (settings.ts); settings given in code may still use bare chain ids.
  const urls = ctx.settings.rpcUrls;
  const rpcUrl = urls[`eip155:${params.chainId}`] ?? urls[String(params.chainId)];
  if (!rpcUrl) throw badSignature();
  let valid = false;
  try {
    const client = createPublicClient({ transport: http(rpcUrl, { timeout: 10_000, retryCount: 0 }) });
    valid = await client.verifyMessage({ address, message, signature });
  } catch (error) {
    ctx.log.error('contract wallet signature check failed', {
      chainId: params.chainId,
      // viem's short message only: its long form names the RPC URL, which may carry an API key.
      error: (error as { shortMessage?: string }).shortMessage ?? (error as Error).name,
    });
    throw new ApiError('invalid_credentials', 'Could not verify the signature with the chain.');
  }
  if (!valid) throw badSignature();
}
