import type { KeyObject } from 'node:crypto';
import { type AdditionalSigner, authorizationPayload, type SignedRequest } from '@latchkey/protocol';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/env.ts';
import { serverOrigin } from '../http/server-origin.ts';
import { compiledQuery } from '../storage/compiled-query.ts';
import {
  parseSignatureHeader,
  type Quorum,
  type QuorumMembers,
  quorumMet,
  requestExpiryProblem,
  signingKeys,
} from './authorization.ts';
import { liveUserKeys } from './hpke/user-keys.ts';
import { authorizationKeyObject, type KeyQuorumRow, keyQuorumView } from './key-quorums.ts';

/**
 * Who may act on an owned resource (REFERENCES §1.5, §1.6): a resource without an owner is the app's
 * (its secret suffices); one with an owner needs `privy-authorization-signature` over this exact
 * request (method, public URL, body, `privy-*` headers) from enough of the owner quorum's members, or
 * from an additional signer's quorum, whose `override_policy_ids` then replace the wallet's policies.
 * The app secret alone signs nothing for an owned wallet.
 */

export const authorizationSignatureHeader = 'privy-authorization-signature';

/** Which policies govern the request, by who authorized it. */
export interface Authorized {
  policyIds: string[];
  /** `app` (no owner), `owner`, or the key quorum id of the additional signer that signed. */
  by: string;
}

const refused = (message: string) => new ApiError('invalid_credentials', message, { status: 401 });

/** The common case, a wallet's one owner quorum: its lookup is built once (storage/compiled-query.ts). */
const quorumById = compiledQuery((db, a: { appId: string; id: string }) =>
  db.selectFrom('key_quorums').selectAll().where('app_id', '=', a.appId).where('id', '=', a.id),
);

/** Keys and members of the quorums named, as authorization checks them (one level of nesting). */
async function loadQuorums(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  appId: string,
  ids: readonly string[],
): Promise<Map<string, KeyQuorumRow>> {
  const byId = new Map<string, KeyQuorumRow>();
  let wanted = [...new Set(ids)];
  // Two rounds: the quorums, then the quorums they nest (nesting is one level deep by construction).
  for (let round = 0; round < 2 && wanted.length > 0; round++) {
    const rows =
      wanted.length === 1
        ? await quorumById(ctx.db, { appId, id: wanted[0]! })
        : await ctx.db
            .selectFrom('key_quorums')
            .selectAll()
            .where('app_id', '=', appId)
            .where('id', 'in', wanted)
            .execute();
    for (const row of rows) byId.set(row.id, row);
    wanted = rows.flatMap((row) => JSON.parse(row.key_quorum_ids) as string[]).filter((id) => !byId.has(id));
  }
  return byId;
}

interface Checkable {
  quorum: Quorum;
  keys: Map<string, KeyObject>;
}

/** The quorum as `quorumMet` takes it, with every key a signature may verify against. */
async function checkable(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  appId: string,
  row: KeyQuorumRow,
  rows: Map<string, KeyQuorumRow>,
): Promise<Checkable> {
  const keys = new Map<string, KeyObject>();
  const members = async (quorum: KeyQuorumRow): Promise<QuorumMembers> => {
    const view = keyQuorumView(quorum);
    const keyIds = view.authorization_keys.map((key) => {
      keys.set(key.public_key, authorizationKeyObject(key.public_key));
      return key.public_key;
    });
    const users = await liveUserKeys(ctx, appId, view.user_ids ?? []);
    const userKeyIds = [...users.values()].map((list) =>
      list.map((key) => {
        keys.set(key.id, key.publicKey);
        return key.id;
      }),
    );
    const total = keyIds.length + userKeyIds.length + (view.key_quorum_ids?.length ?? 0);
    // No threshold set: every member must sign.
    return { threshold: view.authorization_threshold ?? total, keyIds, users: userKeyIds };
  };
  const top = await members(row);
  const nested: QuorumMembers[] = [];
  for (const id of JSON.parse(row.key_quorum_ids) as string[]) {
    const inner = rows.get(id);
    if (inner) nested.push(await members(inner));
  }
  const total = top.keyIds.length + (top.users?.length ?? 0) + nested.length;
  const threshold = row.authorization_threshold ?? total;
  return { quorum: { ...top, threshold, quorums: nested }, keys };
}

/** The request as its signers signed it: the public URL of the path called, the body as sent. */
async function signedRequest(
  ctx: Pick<ServerContext, 'settings'>,
  c: Context<AppEnv>,
): Promise<SignedRequest> {
  const text = await c.req.text();
  const headers: Record<string, string | undefined> = {
    'privy-app-id': c.req.header('privy-app-id'),
    'privy-idempotency-key': c.req.header('privy-idempotency-key'),
    'privy-request-expiry': c.req.header('privy-request-expiry'),
  };
  return {
    method: c.req.method as SignedRequest['method'],
    url: `${serverOrigin(ctx.settings)}${c.req.path}`,
    body: text.trim() === '' ? {} : JSON.parse(text),
    headers,
  };
}

/**
 * Checks that the owner of a resource (its key quorum id; null: the app's) authorized this request.
 * For a wallet, also its additional signers; returns the policies that govern what it may do.
 */
export async function authorizeRequest(
  ctx: Pick<ServerContext, 'db' | 'settings' | 'now'>,
  c: Context<AppEnv>,
  resource: {
    appId: string;
    ownerId: string | null;
    policyIds: string[];
    signers?: readonly AdditionalSigner[];
  },
): Promise<Authorized> {
  const signers = resource.signers ?? [];
  const header = c.req.header(authorizationSignatureHeader);
  if (resource.ownerId === null && (header === undefined || signers.length === 0))
    return { policyIds: resource.policyIds, by: 'app' };

  const signatures = parseSignatureHeader(header);
  if (signatures === null) throw refused(`${authorizationSignatureHeader} is malformed`);
  if (signatures.length === 0)
    throw refused(`This resource has an owner: the request needs ${authorizationSignatureHeader} from it`);
  const expiry = requestExpiryProblem(c.req.header('privy-request-expiry'), Date.now());
  if (expiry) throw refused(expiry);

  const quorumIds = [...(resource.ownerId ? [resource.ownerId] : []), ...signers.map((s) => s.signer_id)];
  const rows = await loadQuorums(ctx, resource.appId, quorumIds);
  const payload = authorizationPayload(await signedRequest(ctx, c));

  const met = async (quorumId: string): Promise<boolean> => {
    const row = rows.get(quorumId);
    if (!row) return false;
    const { quorum, keys } = await checkable(ctx, resource.appId, row, rows);
    return quorumMet(quorum, await signingKeys(payload, signatures, keys));
  };
  if (resource.ownerId && (await met(resource.ownerId)))
    return { policyIds: resource.policyIds, by: 'owner' };
  for (const signer of signers)
    if (await met(signer.signer_id))
      return { policyIds: signer.override_policy_ids ?? resource.policyIds, by: signer.signer_id };
  if (resource.ownerId === null) return { policyIds: resource.policyIds, by: 'app' };
  throw refused(
    'The authorization signatures do not meet the owner’s or a signer’s threshold for this request',
  );
}
