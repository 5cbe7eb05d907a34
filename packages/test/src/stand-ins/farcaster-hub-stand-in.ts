import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { idleClosingServer, json } from './stand-in-http.ts';

/**
 * A Farcaster hub's HTTP API (Hubble's `/v1`, port 2281 in production) on loopback, for the two
 * reads a sign-in makes: `GET /v1/userDataByFid?fid=[&user_data_type=]` (the profile: username,
 * display name, bio, picture, URL) and `GET /v1/verificationsByFid?fid=` (verified Ethereum
 * addresses). The test sets what they answer (`setProfile`, `setVerifications`). Messages have
 * Hubble's JSON shape (enum names as strings, `data.userDataBody: {type, value}`); their hashes and
 * signatures are filler: readers of these routes trust the hub and do not check them. Verifications
 * use today's `verificationAddAddressBody` (hubs before the Solana verifications called it
 * `verificationAddEthAddressBody`).
 * Unref'd; closes itself after `idleMs`.
 */

export interface FarcasterProfile {
  username?: string;
  displayName?: string;
  bio?: string;
  pfpUrl?: string;
  url?: string;
}

export interface HubStandIn {
  /** The hub's HTTP API base: the routes are under `/v1`. */
  url: string;
  /** Sets (merges) the profile of `fid`; a field set to '' is left out of the answer. */
  setProfile(fid: number | bigint, profile: FarcasterProfile): void;
  /** Sets the Ethereum addresses `fid` has verified. */
  setVerifications(fid: number | bigint, addresses: string[]): void;
  /** Every request, `METHOD path` with the query, in order. */
  log: string[];
  close(): Promise<void>;
}

/** Hubble's `UserDataType` names and numbers, per profile field. */
const userDataTypes = {
  pfpUrl: ['USER_DATA_TYPE_PFP', 1],
  displayName: ['USER_DATA_TYPE_DISPLAY', 2],
  bio: ['USER_DATA_TYPE_BIO', 3],
  url: ['USER_DATA_TYPE_URL', 5],
  username: ['USER_DATA_TYPE_USERNAME', 6],
} as const;

/** Seconds from the Farcaster epoch (2021-01-01T00:00:00Z), as message timestamps count. */
const farcasterTime = () => Math.floor((Date.now() - Date.UTC(2021, 0, 1)) / 1000);

/** Hubble's error body: `errCode` and a message in `details`. */
const hubError = (res: ServerResponse, status: number, errCode: string, details: string) =>
  json(res, status, { errCode, presentable: false, name: 'HubError', code: status === 404 ? 5 : 3, details });

export async function startHubStandIn(options: { idleMs?: number } = {}): Promise<HubStandIn> {
  const profiles = new Map<number, FarcasterProfile>();
  const verifications = new Map<number, string[]>();
  const log: string[] = [];

  /** A message envelope around `data`, with a filler hash and signature derived from it. */
  const message = (data: Record<string, unknown>) => {
    const digest = createHash('sha256').update(JSON.stringify(data)).digest();
    return {
      data: { ...data, timestamp: farcasterTime(), network: 'FARCASTER_NETWORK_MAINNET' },
      hash: `0x${digest.subarray(0, 20).toString('hex')}`,
      hashScheme: 'HASH_SCHEME_BLAKE3',
      signature: Buffer.concat([digest, digest]).toString('base64'),
      signatureScheme: 'SIGNATURE_SCHEME_ED25519',
      signer: `0x${digest.toString('hex')}`,
    };
  };

  const fidOf = (url: URL): number | undefined => {
    const text = url.searchParams.get('fid') ?? '';
    return /^[1-9]\d{0,15}$/.test(text) ? Number(text) : undefined;
  };

  function userData(res: ServerResponse, url: URL) {
    const fid = fidOf(url);
    if (fid === undefined)
      return hubError(res, 400, 'bad_request.validation_failure', 'fid must be a positive integer');
    const profile = profiles.get(fid) ?? {};
    const fields = (Object.keys(userDataTypes) as (keyof FarcasterProfile)[]).filter(
      (field) => profile[field],
    );
    const userDataAdd = (field: keyof FarcasterProfile) =>
      message({
        type: 'MESSAGE_TYPE_USER_DATA_ADD',
        fid,
        userDataBody: { type: userDataTypes[field][0], value: profile[field] },
      });
    const only = url.searchParams.get('user_data_type');
    if (only === null) return json(res, 200, { messages: fields.map(userDataAdd), nextPageToken: '' });
    // One type asked for (by name or number): Hubble answers the single message, or 404.
    const type = Object.values(userDataTypes).find(
      ([name, number]) => only === name || only === String(number),
    );
    if (!type) return hubError(res, 400, 'bad_request.validation_failure', `unknown user_data_type ${only}`);
    const found = fields.find((field) => userDataTypes[field][0] === type[0]);
    if (!found) return hubError(res, 404, 'not_found', `no ${type[0]} for fid ${fid}`);
    return json(res, 200, userDataAdd(found));
  }

  function verified(res: ServerResponse, url: URL) {
    const fid = fidOf(url);
    if (fid === undefined)
      return hubError(res, 400, 'bad_request.validation_failure', 'fid must be a positive integer');
    const messages = (verifications.get(fid) ?? []).map((address) =>
      message({
        type: 'MESSAGE_TYPE_VERIFICATION_ADD_ETH_ADDRESS',
        fid,
        verificationAddAddressBody: {
          address,
          claimSignature: '',
          blockHash: `0x${'0'.repeat(64)}`,
          type: 0,
          chainId: 0,
          protocol: 'PROTOCOL_ETHEREUM',
        },
      }),
    );
    return json(res, 200, { messages, nextPageToken: '' });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    log.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.method === 'GET' && url.pathname === '/v1/userDataByFid') return userData(res, url);
    if (req.method === 'GET' && url.pathname === '/v1/verificationsByFid') return verified(res, url);
    return hubError(res, 404, 'not_found', `no route ${req.method} ${url.pathname}`);
  }

  const server = await idleClosingServer(handle, options.idleMs ?? 10 * 60_000);
  return {
    url: server.url,
    log,
    setProfile(fid, profile) {
      profiles.set(Number(fid), { ...profiles.get(Number(fid)), ...profile });
    },
    setVerifications(fid, addresses) {
      verifications.set(Number(fid), [...addresses]);
    },
    close: server.close,
  };
}
