import type { RelayAuthenticateRequest, RelayChannelRequest } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * A relay elsewhere (`LATCHKEY_FARCASTER_RELAY_URL`: the Farcaster network's public relay, which the
 * Farcaster app itself completes channels on), spoken to with the same channel protocol the
 * embedded relay serves (relay.ts). The server keeps its own record of each channel it opens there
 * (its app, nonce and domain: channels.ts) and only reads the completion from the relay.
 */

const unreachable = () =>
  new ApiError('invalid_request', 'The Farcaster relay could not be reached: try again.', { status: 502 });

async function call(
  ctx: ServerContext,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown }> {
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {}
    return { status: response.status, body };
  } catch (error) {
    ctx.log.error('farcaster relay unreachable', { error: (error as Error).name });
    throw unreachable();
  }
}

/** Opens a channel on the relay: its token and connect URI. */
export async function openRemoteChannel(
  ctx: ServerContext,
  relayUrl: string,
  params: RelayChannelRequest,
): Promise<{ channelToken: string; connectUri: string }> {
  const { status, body } = await call(ctx, `${relayUrl}/v1/channel`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(params),
  });
  const channel = body as { channelToken?: unknown; connectUri?: unknown } | null;
  if (
    status !== 201 ||
    typeof channel?.channelToken !== 'string' ||
    !/^[A-Za-z0-9]{8,100}$/.test(channel.channelToken) ||
    typeof channel.connectUri !== 'string'
  ) {
    ctx.log.error('farcaster relay refused a channel', { status });
    throw unreachable();
  }
  return { channelToken: channel.channelToken, connectUri: channel.connectUri };
}

/** The channel's state on the relay: pending, completed (its completion), or gone. */
export async function readRemoteChannel(
  ctx: ServerContext,
  relayUrl: string,
  token: string,
): Promise<
  { state: 'pending' } | { state: 'completed'; completion: RelayAuthenticateRequest } | { state: 'gone' }
> {
  const { status, body } = await call(ctx, `${relayUrl}/v1/channel/status`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (status === 202) return { state: 'pending' };
  if (status === 401 || status === 404) return { state: 'gone' };
  const done = body as Partial<RelayAuthenticateRequest> & { state?: unknown };
  if (
    status !== 200 ||
    done?.state !== 'completed' ||
    typeof done.message !== 'string' ||
    typeof done.signature !== 'string' ||
    typeof done.fid !== 'number'
  ) {
    ctx.log.error('farcaster relay answered a status oddly', { status });
    throw unreachable();
  }
  const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 1024) : undefined);
  const completion: RelayAuthenticateRequest = {
    message: done.message,
    signature: done.signature,
    fid: done.fid,
  };
  for (const field of ['username', 'displayName', 'bio', 'pfpUrl'] as const) {
    const value = text(done[field]);
    if (value !== undefined) completion[field] = value;
  }
  return { state: 'completed', completion };
}
