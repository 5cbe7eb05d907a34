import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Address, type Hex, isAddressEqual, type LocalAccount, zeroAddress } from 'viem';
import { farcasterKeyType } from '../chains/farcaster-addresses.ts';
import type { FarcasterChain } from '../chains/farcaster-chain.ts';
import {
  encodeSignedKeyRequestMetadata,
  recoverSignedKeyRequestSigner,
} from '../chains/farcaster-signed-key-request.ts';
import { idleClosingServer, json, readText } from './stand-in-http.ts';

/**
 * Warpcast's signed-key-request API on loopback, over the local Farcaster registries
 * (farcaster-chain.ts): `POST /v2/signed-key-requests {key, requestFid, signature, deadline,
 * redirectUrl?, sponsorship?}` checks the request as the real contracts will (the EIP-712 signature
 * recovered and compared with the IdRegistry's custody of `requestFid`, the deadline ahead, a
 * 32-byte key) and answers `{result: {signedKeyRequest: {token, deeplinkUrl, key, requestFid,
 * state: 'pending', isSponsored: false}}}`; `GET /v2/signed-key-request?token=` answers the same
 * with the state now. `sponsorship` is accepted and ignored (Warpcast pays the fee when it is valid;
 * the local chain charges none).
 *
 * The user's side is the test's: `approve(token, custody)` does what the user's Farcaster app does,
 * `KeyGateway.add(1, key, 1, metadata)` from the user's custody address on the chain. The state
 * is `approved` (with `userFid`) once it is sent and `completed` once its receipt is in (at once,
 * unless the test turned automine off). `revoke(token)` removes the key (KeyRegistry state 2) as
 * the user would in their app; the request stays `completed`: readers see the removal on chain.
 * Unref'd; closes itself after `idleMs`.
 */

export type SignedKeyRequestState = 'pending' | 'approved' | 'completed';

export interface SignedKeyRequestRecord {
  token: string;
  key: Hex;
  requestFid: bigint;
  /** The request fid's custody address, which signed the request. */
  requestSigner: Address;
  signature: Hex;
  deadline: bigint;
  redirectUrl: string | undefined;
  state: SignedKeyRequestState;
  userFid: bigint | undefined;
  /** The approving `KeyGateway.add` transaction. */
  txHash: Hex | undefined;
}

export interface SignedKeyRequestStandIn {
  /** Warpcast's API base (`https://api.warpcast.com` in production): the routes are under `/v2`. */
  url: string;
  /** Every accepted request, in order. */
  requests: SignedKeyRequestRecord[];
  /** Every request the stand-in answered, `METHOD path` with the query, in order. */
  log: string[];
  /** The user holding `custody` approves: `KeyGateway.add` from it. Returns the transaction hash. */
  approve(token: string, custody: LocalAccount): Promise<Hex>;
  /** The approving user removes the key from their fid (a revoked signer). */
  revoke(token: string): Promise<Hex>;
  close(): Promise<void>;
}

export interface SignedKeyRequestStandInOptions {
  chain: FarcasterChain;
  /** Unix seconds now, for the deadline check; default the wall clock. */
  now?: () => number;
  idleMs?: number;
}

const isKey = (value: unknown): value is Hex =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value);
const isSignature = (value: unknown): value is Hex =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{130}$/.test(value);
/** A positive whole number, as a JSON number or a decimal string (apps send either). */
const positiveInteger = (value: unknown): bigint | undefined => {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return BigInt(value);
  if (typeof value === 'string' && /^[1-9]\d{0,30}$/.test(value)) return BigInt(value);
  return undefined;
};

export async function startSignedKeyRequestStandIn(
  options: SignedKeyRequestStandInOptions,
): Promise<SignedKeyRequestStandIn> {
  const { chain } = options;
  const now = options.now ?? (() => Math.floor(Date.now() / 1000));
  const requests: SignedKeyRequestRecord[] = [];
  const log: string[] = [];
  const custodies = new Map<string, LocalAccount>();

  /** Warpcast's error body. */
  const refuse = (res: ServerResponse, status: number, message: string) =>
    json(res, status, { errors: [{ message }] });

  const view = (request: SignedKeyRequestRecord) => ({
    token: request.token,
    deeplinkUrl: `farcaster://signed-key-request?token=${request.token}`,
    key: request.key,
    requestFid: Number(request.requestFid),
    state: request.state,
    isSponsored: false,
    ...(request.userFid === undefined ? {} : { userFid: Number(request.userFid) }),
  });

  async function create(req: IncomingMessage, res: ServerResponse) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readText(req)) as Record<string, unknown>;
    } catch {
      return refuse(res, 400, 'Invalid JSON body');
    }
    if (typeof body !== 'object' || body === null) return refuse(res, 400, 'Invalid JSON body');
    const { key, signature, redirectUrl } = body;
    const requestFid = positiveInteger(body.requestFid);
    const deadline = positiveInteger(body.deadline);
    if (!isKey(key)) return refuse(res, 400, 'key must be a 32-byte hex string (0x + 64 hex digits)');
    if (requestFid === undefined) return refuse(res, 400, 'requestFid must be a positive integer');
    if (deadline === undefined) return refuse(res, 400, 'deadline must be a positive integer (Unix seconds)');
    if (!isSignature(signature)) return refuse(res, 400, 'signature must be 0x + 130 hex digits');
    if (redirectUrl !== undefined && typeof redirectUrl !== 'string')
      return refuse(res, 400, 'redirectUrl must be a string');
    if (deadline <= BigInt(now())) return refuse(res, 400, 'deadline has passed');
    const custody = await chain.custodyOf(requestFid);
    if (isAddressEqual(custody, zeroAddress))
      return refuse(res, 400, `requestFid ${requestFid} is not registered`);
    let signer: Address;
    try {
      signer = await recoverSignedKeyRequestSigner({ requestFid, key, deadline }, signature);
    } catch {
      return refuse(res, 400, 'signature is not a valid SignedKeyRequest signature');
    }
    if (!isAddressEqual(signer, custody))
      return refuse(res, 400, `signature is not by the custody address of fid ${requestFid}`);
    const request: SignedKeyRequestRecord = {
      token: `0x${randomBytes(24).toString('hex')}`,
      key: key.toLowerCase() as Hex,
      requestFid,
      requestSigner: custody,
      signature,
      deadline,
      redirectUrl,
      state: 'pending',
      userFid: undefined,
      txHash: undefined,
    };
    requests.push(request);
    return json(res, 200, { result: { signedKeyRequest: view(request) } });
  }

  async function status(res: ServerResponse, token: string | null) {
    if (!token) return refuse(res, 400, 'token is required');
    const request = requests.find((r) => r.token === token);
    if (!request) return refuse(res, 404, 'Signed key request not found');
    if (request.state === 'approved' && request.txHash) {
      const receipt = await chain.publicClient
        .getTransactionReceipt({ hash: request.txHash })
        .catch(() => undefined);
      if (receipt?.status === 'success') request.state = 'completed';
    }
    return json(res, 200, { result: { signedKeyRequest: view(request) } });
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL) {
    log.push(`${req.method} ${url.pathname}${url.search}`);
    if (req.method === 'POST' && url.pathname === '/v2/signed-key-requests') return create(req, res);
    if (req.method === 'GET' && url.pathname === '/v2/signed-key-request')
      return status(res, url.searchParams.get('token'));
    return refuse(res, 404, 'Not found');
  }

  const byToken = (token: string) => {
    const request = requests.find((r) => r.token === token);
    if (!request) throw new Error(`no signed key request ${token}`);
    return request;
  };

  const server = await idleClosingServer(handle, options.idleMs ?? 10 * 60_000);
  return {
    url: server.url,
    requests,
    log,
    async approve(token, custody) {
      const request = byToken(token);
      if (request.state !== 'pending') throw new Error(`signed key request ${token} is ${request.state}`);
      const userFid = await chain.idOf(custody.address);
      if (userFid === 0n) throw new Error(`${custody.address} holds no fid`);
      const metadata = encodeSignedKeyRequestMetadata({
        requestFid: request.requestFid,
        requestSigner: request.requestSigner,
        signature: request.signature,
        deadline: request.deadline,
      });
      // Sent without waiting: a test that turned automine off sees `approved` until it mines.
      const txHash = await chain.gatewayAdd(
        custody,
        { keyType: farcasterKeyType.signer, key: request.key, metadataType: 1, metadata },
        { wait: false },
      );
      Object.assign(request, { state: 'approved', userFid, txHash });
      custodies.set(token, custody);
      return txHash;
    },
    async revoke(token) {
      const request = byToken(token);
      const custody = custodies.get(token);
      if (!custody) throw new Error(`signed key request ${token} was not approved`);
      return chain.removeKey(custody, request.key);
    },
    close: server.close,
  };
}
