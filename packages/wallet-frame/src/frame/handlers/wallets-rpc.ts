// Not in the keys index (whose API is fixed): the key as bytes, which are wiped after signing.
import { ethereumSigner } from '../../keys/derive-ethereum.ts';
import { ethereumRpc, fromBase64, solanaKey, solanaSignMessage, toBase64 } from '../../keys/index.ts';
import { withEntropy } from '../entropy-session.ts';
import type { FrameContext } from '../frame-context.ts';
import { FrameError } from '../frame-error.ts';
import {
  accessToken,
  type ChainType,
  chainType,
  entropyRef,
  hdWalletIndex,
  type RequestData,
} from '../request-data.ts';
import { wipe } from '../wipe.ts';

interface RpcRequest {
  method: string;
  params?: unknown;
}

interface RpcReply {
  address: string;
  chainType: ChainType;
  response: { method: string; data: unknown };
}

/**
 * `privy:wallets:rpc`: signs with the wallet at (`chainType`, `hdWalletIndex`). The key is derived inside
 * this call and dropped when it returns; only the signature leaves the frame.
 */
export async function walletsRpc(ctx: FrameContext, data: RequestData): Promise<RpcReply> {
  const token = accessToken(data);
  const ref = entropyRef(data);
  const chain = chainType(data);
  const index = hdWalletIndex(data);
  const request = rpcRequest(data.request);
  // Checked before the shares are fetched: a malformed request costs no key material.
  const message = chain === 'solana' ? solanaMessage(request) : null;
  return withEntropy(ctx, token, ref, async ({ seed }) => {
    if (chain === 'ethereum') {
      const key = ethereumSigner(seed, index);
      try {
        const signature = await ethereumRpc(key, request);
        return {
          address: key.address,
          chainType: chain,
          response: { method: request.method, data: signature },
        };
      } finally {
        wipe(key.privateKey);
      }
    }
    const key = solanaKey(seed, index);
    try {
      const signature = solanaSignMessage(key.secretKey, message!);
      return {
        address: key.address,
        chainType: chain,
        response: { method: request.method, data: { signature: toBase64(signature) } },
      };
    } finally {
      wipe(key.secretKey);
    }
  });
}

function rpcRequest(value: unknown): RpcRequest {
  if (typeof value !== 'object' || value === null)
    throw new FrameError('invalid_request_arguments', 'Missing request');
  const { method, params } = value as Record<string, unknown>;
  if (typeof method !== 'string' || !method)
    throw new FrameError('invalid_request_arguments', 'Missing request method');
  return { method, params };
}

/** Solana's one method: `signMessage` over base64 bytes (transactions are signed as their message). */
function solanaMessage(request: RpcRequest): Uint8Array {
  if (request.method !== 'signMessage')
    throw new FrameError('invalid_request_arguments', `Unsupported Solana method ${request.method}`);
  const message = (request.params as { message?: unknown } | null | undefined)?.message;
  if (typeof message !== 'string')
    throw new FrameError('invalid_request_arguments', 'signMessage expects {message: base64}');
  try {
    return fromBase64(message);
  } catch {
    throw new FrameError('invalid_request_arguments', 'signMessage expects {message: base64}');
  }
}
