import { ethereumRpc, fromBase64, solanaSignMessage, toBase64 } from '@latchkey/keys';
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
 * `privy:wallets:rpc`: signs with the wallet at (`chainType`, `hdWalletIndex`). The key is derived from
 * the rebuilt secret on first use and lives exactly as long as it (withEntropy); only the signature
 * leaves the frame.
 */
export async function walletsRpc(ctx: FrameContext, data: RequestData): Promise<RpcReply> {
  const token = accessToken(data);
  const ref = entropyRef(data);
  const chain = chainType(data);
  const index = hdWalletIndex(data);
  const request = rpcRequest(data.request);
  // Checked before the shares are fetched: a malformed request costs no key material.
  const message = chain === 'solana' ? solanaMessage(request) : null;
  return withEntropy(ctx, token, ref, async (secret) => {
    // The key belongs to the secret: kept with it in the key cache, or wiped with it after this call.
    if (chain === 'ethereum') {
      const key = secret.ethereumSigner(index);
      const signature = await ethereumRpc(key, request);
      return {
        address: key.address,
        chainType: chain,
        response: { method: request.method, data: signature },
      };
    }
    const key = secret.solanaKey(index);
    const signature = solanaSignMessage(key.secretKey, message!);
    return {
      address: key.address,
      chainType: chain,
      response: { method: request.method, data: { signature: toBase64(signature) } },
    };
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
