import type { Hex } from 'viem';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * Warpcast's signed-key-request API (REFERENCES §2.4, FC-SKR): the server posts a request signed
 * by the app's custody address, and Warpcast answers a token and the deep link that opens the
 * request in the Farcaster app (`farcaster://signed-key-request?token=…`). Behind an interface so
 * that another service speaking the same routes can stand in (`LATCHKEY_FARCASTER_SIGNER_API_URL`).
 */
export interface SignedKeyRequestApi {
  create(request: {
    key: Hex;
    requestFid: bigint;
    signature: Hex;
    deadline: bigint;
  }): Promise<{ token: string; deeplinkUrl: string }>;
}

/** The request could not be made: a 502 whose message names no key and no upstream body. */
export const signerApiFailed = () =>
  new ApiError(
    'internal_error',
    'The Farcaster signer request could not be made with Warpcast. Try again later.',
    { status: 502 },
  );

/** Tokens are looked up by the server later; anything else from upstream is refused. */
const tokenShape = /^[A-Za-z0-9_.:-]{1,256}$/;

/**
 * The deep link is shown to the user as a link and a QR code: only the Farcaster app's scheme or
 * https, bounded, never `javascript:` or the like from a compromised or misconfigured upstream.
 */
function isApprovalUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'farcaster:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** The HTTP implementation: `POST {base}/v2/signed-key-requests`. */
export function httpSignedKeyRequestApi(ctx: ServerContext, baseUrl: string): SignedKeyRequestApi {
  return {
    async create({ key, requestFid, signature, deadline }) {
      let status: number;
      let body: unknown = null;
      try {
        const response = await fetch(`${baseUrl}/v2/signed-key-requests`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            key,
            requestFid: Number(requestFid),
            signature,
            deadline: Number(deadline),
          }),
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        const text = await response.text();
        try {
          body = JSON.parse(text);
        } catch {}
      } catch (error) {
        ctx.log.error('farcaster signer api unreachable', { error: (error as Error).name });
        throw signerApiFailed();
      }
      const request = (body as { result?: { signedKeyRequest?: Record<string, unknown> } } | null)?.result
        ?.signedKeyRequest;
      if (
        status !== 200 ||
        typeof request?.token !== 'string' ||
        !tokenShape.test(request.token) ||
        !isApprovalUrl(request.deeplinkUrl)
      ) {
        // The upstream's own words, bounded: they name what it refused (never a secret of ours).
        const errors = (body as { errors?: { message?: unknown }[] } | null)?.errors;
        const reason = Array.isArray(errors) ? String(errors[0]?.message ?? '').slice(0, 200) : '';
        ctx.log.error('farcaster signer api refused a request', { status, reason });
        throw signerApiFailed();
      }
      return { token: request.token, deeplinkUrl: request.deeplinkUrl as string };
    },
  };
}
