import type { OnrampStatus } from '@latchkey/protocol';
import { ApiError } from '../http/api-error.ts';
import type { CdpCredentials } from './app-settings.ts';
import { cdpRequestJwt } from './cdp-jwt.ts';

/** What the first provider (Coinbase Onramp) does for the server: sessions, and a buyer's status. */
export interface CoinbaseOnramp {
  /** A single-use session token for these addresses (REFERENCES §5.1). */
  createSession(
    credentials: CdpCredentials,
    request: {
      addresses: { address: string; blockchains: string[] }[];
      assets?: string[];
      clientIp: string;
    },
  ): Promise<{ token: string; channelId?: string }>;
  /** The status of the buyer's latest purchase, or null when they have none yet. */
  latestStatus(credentials: CdpCredentials, partnerUserId: string): Promise<string | null>;
}

/** The provider's statuses as the status route answers them (REFERENCES §5.1). */
export function onrampStatusOf(status: string | null): OnrampStatus {
  if (status === 'ONRAMP_TRANSACTION_STATUS_SUCCESS') return 'success';
  if (status === 'ONRAMP_TRANSACTION_STATUS_FAILED') return 'failure';
  // CREATED, IN_PROGRESS, none yet, or a status added after this was written: still waiting.
  return 'pending';
}

/** The provider failed us (not the caller): a 502 whose message names no key and no upstream body. */
const upstreamFailed = (what: string) =>
  new ApiError('internal_error', `Coinbase Onramp could not ${what}. Try again later.`, { status: 502 });

/**
 * The real HTTP client: `POST {api}/onramp/v1/token` and
 * `GET {api}/onramp/v1/buy/user/{partnerUserId}/transactions`, each with a fresh CDP JWT.
 * `log` gets the upstream status only, never a body (it may echo what we sent).
 */
export function coinbaseOnrampClient(options: {
  apiUrl: string;
  now: () => number;
  log: (message: string, fields: Record<string, unknown>) => void;
}): CoinbaseOnramp {
  async function call(credentials: CdpCredentials, method: string, url: URL, body?: unknown) {
    const jwt = await cdpRequestJwt(credentials, { method, url }, options.now());
    const response = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${jwt}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(10_000),
    });
    const json = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    if (!response.ok || !json) {
      options.log('coinbase onramp call failed', { path: url.pathname, status: response.status });
      return null;
    }
    return json;
  }
  return {
    async createSession(credentials, request) {
      const url = new URL(`${options.apiUrl}/onramp/v1/token`);
      const json = await call(credentials, 'POST', url, request).catch(() => null);
      const token = json?.token;
      if (typeof token !== 'string' || token.length === 0) throw upstreamFailed('start a session');
      const channelId = json?.channel_id;
      return { token, ...(typeof channelId === 'string' && channelId ? { channelId } : {}) };
    },
    async latestStatus(credentials, partnerUserId) {
      const url = new URL(
        `${options.apiUrl}/onramp/v1/buy/user/${encodeURIComponent(partnerUserId)}/transactions`,
      );
      url.searchParams.set('page_size', '1');
      const json = await call(credentials, 'GET', url).catch(() => null);
      const transactions = json?.transactions;
      if (!Array.isArray(transactions)) throw upstreamFailed('report the purchase status');
      const latest = transactions[0] as { status?: unknown } | undefined;
      return typeof latest?.status === 'string' ? latest.status : null;
    },
  };
}
