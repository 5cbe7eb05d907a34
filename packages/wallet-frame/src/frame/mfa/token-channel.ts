import type { MfaToken } from './mfa-token.ts';

/**
 * The key-export frame is a page of its own on this origin: it calls the frame API itself (share
 * release, which MFA gates), but the user verified through the hidden wallet frame, which holds the
 * token. The two pages share it on a BroadcastChannel, which only documents of this origin (the
 * server's own pages) in the same storage partition can join; the host page cannot, and the token
 * never leaves the origin.
 */
export const mfaTokenChannel = (appId: string): string => `latchkey-mfa-token:${appId}`;

interface TokenRequest {
  type: 'mfa-token-request';
  id: string;
}

interface TokenReply {
  type: 'mfa-token';
  id: string;
  token: string;
  ttlMs: number;
}

/** What the pages need of `BroadcastChannel` (Node tests bring their own). */
export interface TokenChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
  close(): void;
}

export type OpenChannel = (name: string) => TokenChannel;

const browserChannel: OpenChannel = (name) => new BroadcastChannel(name) as unknown as TokenChannel;

/** The hidden frame: answers the export frame's request with the token it holds, for what it has left to live. */
export function lendMfaToken(token: MfaToken, appId: string, open: OpenChannel = browserChannel): () => void {
  const channel = open(mfaTokenChannel(appId));
  channel.addEventListener('message', ({ data }) => {
    const request = data as Partial<TokenRequest> | null;
    if (request?.type !== 'mfa-token-request' || typeof request.id !== 'string') return;
    const value = token.current();
    if (value === null) return;
    const reply: TokenReply = { type: 'mfa-token', id: request.id, token: value, ttlMs: token.remainingMs() };
    channel.postMessage(reply);
  });
  return () => channel.close();
}

/**
 * The export frame: asks the other pages of this origin for their MFA token and holds the first
 * answer; resolves after `waitMs` either way (without one, the server says whether it needs it).
 */
export function borrowMfaToken(
  token: MfaToken,
  appId: string,
  open: OpenChannel = browserChannel,
  waitMs = 300,
): Promise<void> {
  if (token.current() !== null) return Promise.resolve();
  const channel = open(mfaTokenChannel(appId));
  const id = crypto.randomUUID();
  return new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      channel.close();
      resolve();
    };
    const timer = setTimeout(done, waitMs);
    channel.addEventListener('message', ({ data }) => {
      const reply = data as Partial<TokenReply> | null;
      if (reply?.type !== 'mfa-token' || reply.id !== id || typeof reply.token !== 'string') return;
      if (typeof reply.ttlMs === 'number' && reply.ttlMs > 0) token.hold(reply.token, reply.ttlMs);
      done();
    });
    const request: TokenRequest = { type: 'mfa-token-request', id };
    channel.postMessage(request);
  });
}
