import { generateKeyPairSync, type KeyObject, randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { type SettlementChains, settleOnChain } from './funding-settlement.ts';
import { checkoutPage, idleClosingServer, json, readText, textPage } from './stand-in-http.ts';

/** A CDP secret API key as the CDP portal hands it out, and its public half for the stand-in. */
export interface CdpTestKey {
  keyName: string;
  /** PEM EC key (ES256) or base64 seed‖public key (Ed25519): what an app stores. */
  privateKey: string;
  publicKey: KeyObject;
}

/** A fresh CDP key of either kind, named like the portal's (`organizations/…/apiKeys/…`). */
export function newCdpKey(kind: 'ES256' | 'Ed25519' = 'Ed25519'): CdpTestKey {
  const keyName = `organizations/${randomUUID()}/apiKeys/${randomUUID()}`;
  if (kind === 'ES256') {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    return { keyName, privateKey: privateKey.export({ format: 'pem', type: 'sec1' }).toString(), publicKey };
  }
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const jwk = privateKey.export({ format: 'jwk' });
  const bytes = Buffer.concat([Buffer.from(jwk.d!, 'base64url'), Buffer.from(jwk.x!, 'base64url')]);
  return { keyName, privateKey: bytes.toString('base64'), publicKey };
}

/** A transaction as Coinbase's status API lists it (the fields the server and tests read). */
export interface OnrampTransaction {
  transaction_id: string;
  status:
    | 'ONRAMP_TRANSACTION_STATUS_CREATED'
    | 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS'
    | 'ONRAMP_TRANSACTION_STATUS_SUCCESS'
    | 'ONRAMP_TRANSACTION_STATUS_FAILED';
  partner_user_ref: string;
  purchase_currency: string;
  purchase_network: string;
  purchase_amount: { value: string; currency: string };
  payment_method: string;
  wallet_address: string;
  tx_hash: string;
  created_at: string;
}

/** A session token the stand-in issued, with what `POST /onramp/v1/token` was asked. */
export interface OnrampSession {
  token: string;
  keyName: string;
  addresses: { address: string; blockchains: string[] }[];
  assets?: string[];
  clientIp: string;
  /** Whether the buy page has spent it (tokens are single-use). */
  used: boolean;
}

export interface CoinbaseOnrampStandIn {
  /** Give the server this as `funding.coinbaseApiUrl`; the buy page is `${url}/buy/select-asset`. */
  url: string;
  /** Lets the key sign JWTs the stand-in accepts. */
  addKey(key: Pick<CdpTestKey, 'keyName' | 'publicKey'>): void;
  sessions: OnrampSession[];
  /** By partner user id, newest first. */
  transactions: Map<string, OnrampTransaction[]>;
  /** Every request the API endpoints refused, with why (for tests of what the server sent). */
  refusals: string[];
  close(): Promise<void>;
}

/** Coinbase's asset UUIDs the client sends as `defaultAsset` (REFERENCES §5.1), by symbol. */
const assetIds: Record<string, string> = {
  '2b92315d-eab7-5bef-84fa-089a131333f5': 'USDC',
  'd85dce9b-5b73-5c3c-8978-522ce1d1c1b4': 'ETH',
};

/**
 * Coinbase Onramp on loopback (REFERENCES §5.1), paying out on the local chains:
 * - `POST /onramp/v1/token` with a CDP JWT (`Authorization: Bearer`) checked against the keys the
 *   test added (signature, `iss` cdp, `sub` = `kid`, `uris` naming this very request, not expired),
 *   body `{addresses, assets?, clientIp}` → `{token, channel_id}`; the token is single-use;
 * - `GET /buy/select-asset?appId&sessionToken&partnerUserId&defaultNetwork&presetCryptoAmount&defaultAsset…`:
 *   the buy page; it spends the token, records a CREATED transaction, and shows 'Complete purchase'
 *   (`#complete-purchase`: sends `presetCryptoAmount` (default 0.01) ETH or SOL to the session's
 *   address on `defaultNetwork`, status SUCCESS) and 'Fail purchase' (`#fail-purchase`: FAILED);
 * - `GET /onramp/v1/buy/user/{partnerUserId}/transactions` (CDP JWT) → `{transactions, next_page_key, total_count}`.
 * Unref'd; closes itself after `idleMs` (default 10 min) without a request.
 */
export async function startCoinbaseOnrampStandIn(
  options: SettlementChains & { idleMs?: number } = {},
): Promise<CoinbaseOnrampStandIn> {
  const keys = new Map<string, KeyObject>();
  const sessions: OnrampSession[] = [];
  const transactions = new Map<string, OnrampTransaction[]>();
  const refusals: string[] = [];
  let host = '';

  /** The key name of a valid JWT for this request, or null (recorded in `refusals`). */
  async function authorize(req: IncomingMessage, path: string): Promise<string | null> {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    try {
      if (!token) throw new Error('no bearer token');
      const { kid, alg, nonce } = decodeProtectedHeader(token) as {
        kid?: string;
        alg?: string;
        nonce?: string;
      };
      const key = kid ? keys.get(kid) : undefined;
      if (!key || !kid) throw new Error('unknown key');
      if (typeof nonce !== 'string' || nonce.length === 0) throw new Error('no nonce');
      const { payload } = await jwtVerify(token, key, {
        issuer: 'cdp',
        subject: kid,
        algorithms: [alg === 'EdDSA' ? 'EdDSA' : 'ES256'],
        requiredClaims: ['exp', 'nbf'],
      });
      const uris = payload.uris as unknown;
      if (!Array.isArray(uris) || !uris.includes(`${req.method} ${host}${path}`))
        throw new Error(`uris ${JSON.stringify(uris)} do not name ${req.method} ${host}${path}`);
      return kid;
    } catch (error) {
      refusals.push(`${req.method} ${path}: ${(error as Error).message}`);
      return null;
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const path = url.pathname;
    if (req.method === 'POST' && path === '/onramp/v1/token') {
      const keyName = await authorize(req, path);
      if (!keyName) return json(res, 401, { code: 16, message: 'Unauthenticated' });
      const body = JSON.parse((await readText(req)) || '{}') as Partial<OnrampSession>;
      if (!Array.isArray(body.addresses) || body.addresses.length === 0)
        return json(res, 400, { code: 3, message: 'addresses is required' });
      if (typeof body.clientIp !== 'string' || !body.clientIp)
        return json(res, 400, { code: 3, message: 'clientIp is required' });
      const session: OnrampSession = {
        token: randomBytes(24).toString('base64url'),
        keyName,
        addresses: body.addresses,
        ...(body.assets ? { assets: body.assets } : {}),
        clientIp: body.clientIp,
        used: false,
      };
      sessions.push(session);
      return json(res, 200, { token: session.token, channel_id: '' });
    }
    const history = /^\/onramp\/v1\/buy\/user\/([^/]+)\/transactions$/.exec(path);
    if (req.method === 'GET' && history) {
      if (!(await authorize(req, path))) return json(res, 401, { code: 16, message: 'Unauthenticated' });
      const list = transactions.get(decodeURIComponent(history[1]!)) ?? [];
      const size = Number(url.searchParams.get('page_size') ?? 10) || 10;
      return json(res, 200, {
        transactions: list.slice(0, size),
        next_page_key: '',
        total_count: String(list.length),
      });
    }
    if (req.method === 'GET' && path === '/buy/select-asset') return buyPage(res, url.searchParams);
    const settle = /^\/buy\/settle\/([\w-]+)$/.exec(path);
    if (req.method === 'POST' && settle) return settlePurchase(req, res, settle[1]!);
    return json(res, 404, { code: 5, message: 'Not found' });
  }

  function buyPage(res: ServerResponse, query: URLSearchParams) {
    const session = sessions.find((s) => s.token === query.get('sessionToken'));
    if (!session) return textPage(res, 400, 'Coinbase Onramp', 'Invalid session token.');
    if (session.used) return textPage(res, 400, 'Coinbase Onramp', 'This session token was already used.');
    const partnerUserId = query.get('partnerUserId');
    if (!partnerUserId) return textPage(res, 400, 'Coinbase Onramp', 'partnerUserId is required.');
    session.used = true;
    const network = query.get('defaultNetwork') ?? session.addresses[0]!.blockchains[0]!;
    const target = session.addresses.find((a) => a.blockchains.includes(network)) ?? session.addresses[0]!;
    const asset = assetIds[query.get('defaultAsset') ?? ''] ?? (network === 'solana' ? 'SOL' : 'ETH');
    const amount = query.get('presetCryptoAmount') ?? '0.01';
    const transaction: OnrampTransaction = {
      transaction_id: randomUUID(),
      status: 'ONRAMP_TRANSACTION_STATUS_CREATED',
      partner_user_ref: partnerUserId,
      purchase_currency: asset,
      purchase_network: network,
      purchase_amount: { value: amount, currency: asset },
      payment_method: query.get('defaultPaymentMethod') ?? 'CARD',
      wallet_address: target.address,
      tx_hash: '',
      created_at: new Date().toISOString(),
    };
    transactions.set(partnerUserId, [transaction, ...(transactions.get(partnerUserId) ?? [])]);
    checkoutPage(
      res,
      'Coinbase Onramp',
      [`Buy ${amount} ${asset} on ${network}`, `To ${target.address}`],
      `/buy/settle/${transaction.transaction_id}`,
    );
  }

  async function settlePurchase(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const outcome = new URLSearchParams(await readText(req)).get('outcome');
    const transaction = [...transactions.values()].flat().find((t) => t.transaction_id === id);
    if (transaction?.status !== 'ONRAMP_TRANSACTION_STATUS_CREATED')
      return textPage(res, 400, 'Coinbase Onramp', 'This purchase is already settled.');
    transaction.status = 'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS';
    if (outcome !== 'complete') {
      transaction.status = 'ONRAMP_TRANSACTION_STATUS_FAILED';
      return textPage(res, 200, 'Coinbase Onramp', 'Purchase failed.');
    }
    try {
      transaction.tx_hash = await settleOnChain(
        options,
        transaction.wallet_address,
        transaction.purchase_amount.value,
      );
      transaction.status = 'ONRAMP_TRANSACTION_STATUS_SUCCESS';
      textPage(res, 200, 'Coinbase Onramp', 'Purchase complete.');
    } catch (error) {
      transaction.status = 'ONRAMP_TRANSACTION_STATUS_FAILED';
      textPage(res, 500, 'Coinbase Onramp', `Purchase failed: ${(error as Error).message}`);
    }
  }

  const server = await idleClosingServer(handle, options.idleMs ?? 10 * 60_000);
  host = new URL(server.url).host;
  return {
    url: server.url,
    addKey: (key) => keys.set(key.keyName, key.publicKey),
    sessions,
    transactions,
    refusals,
    close: server.close,
  };
}
