import { serverWalletLimits } from '@latchkey/protocol';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { sha256Hex } from '../crypto/hash.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/env.ts';

export const idempotencyKeyHeader = 'privy-idempotency-key';

/**
 * A run that has held its key this long without finishing is taken to have died (a killed process):
 * a retry may run again. Sends are safe to re-run past this point, since their transaction records
 * and nonces are kept apart (transactions/).
 */
const abandonedAfterMs = 2 * 60 * 1000;

/** Identifies the request a key was first used with: method, path and the body as sent. */
async function requestHash(c: Context<AppEnv>): Promise<string> {
  return sha256Hex(`${c.req.method} ${c.req.path}\n${(await c.req.text()).trim()}`);
}

/**
 * `privy-idempotency-key` (REFERENCES §1.7): the first request under a key runs, and its successful
 * response is kept for 24 h; a repeat with the same request gets that response without running
 * again; a different request under the key is refused (400); a repeat while the first still runs
 * gets 409 (the incumbent's SDK retries 409s, so it then receives the stored response). A failed
 * run keeps nothing: the key may be retried. Without the header, the request simply runs.
 */
export async function idempotent(
  ctx: Pick<ServerContext, 'db'>,
  c: Context<AppEnv>,
  appId: string,
  run: () => Promise<Response>,
): Promise<Response> {
  const key = c.req.header(idempotencyKeyHeader);
  if (key === undefined) return run();
  if (key.length === 0 || key.length > serverWalletLimits.idempotencyKeyMax)
    throw new ApiError(
      'invalid_data',
      `${idempotencyKeyHeader} must be 1 to ${serverWalletLimits.idempotencyKeyMax} characters`,
    );
  const keyHash = sha256Hex(key);
  const hash = await requestHash(c);
  const now = Date.now();

  const claimed = await ctx.db
    .insertInto('idempotency_keys')
    .values({
      app_id: appId,
      key_hash: keyHash,
      request_hash: hash,
      response_status: null,
      response_body: null,
      created_at: now,
      expires_at: now + serverWalletLimits.idempotencyTtlMs,
    })
    .onConflict((oc) => oc.columns(['app_id', 'key_hash']).doNothing())
    .executeTakeFirst();
  if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) {
    const row = await ctx.db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('app_id', '=', appId)
      .where('key_hash', '=', keyHash)
      .executeTakeFirst();
    const stale =
      !row ||
      Number(row.expires_at) <= now ||
      (row.response_status === null && Number(row.created_at) + abandonedAfterMs <= now);
    if (stale) {
      // Expired or abandoned: take the key over, once (a racing takeover loses and sees 409).
      const taken = await ctx.db
        .updateTable('idempotency_keys')
        .set({
          request_hash: hash,
          response_status: null,
          response_body: null,
          created_at: now,
          expires_at: now + serverWalletLimits.idempotencyTtlMs,
        })
        .where('app_id', '=', appId)
        .where('key_hash', '=', keyHash)
        .where('created_at', '=', row ? row.created_at : -1)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0)
        throw new ApiError('invalid_request', 'A request with this idempotency key is in progress.', {
          status: 409,
        });
    } else if (row.request_hash !== hash) {
      throw new ApiError('invalid_data', 'This idempotency key was used with a different request.');
    } else if (row.response_status === null) {
      throw new ApiError('invalid_request', 'A request with this idempotency key is in progress.', {
        status: 409,
      });
    } else {
      return new Response(row.response_body, {
        status: row.response_status,
        headers: { 'content-type': 'application/json', 'privy-idempotency-replayed': 'true' },
      });
    }
  }

  const release = () =>
    ctx.db
      .deleteFrom('idempotency_keys')
      .where('app_id', '=', appId)
      .where('key_hash', '=', keyHash)
      .where('response_status', 'is', null)
      .execute();
  let response: Response;
  try {
    response = await run();
  } catch (error) {
    await release();
    throw error;
  }
  if (response.status >= 300) {
    await release();
    return response;
  }
  const body = await response.clone().text();
  await ctx.db
    .updateTable('idempotency_keys')
    .set({ response_status: response.status, response_body: body })
    .where('app_id', '=', appId)
    .where('key_hash', '=', keyHash)
    .execute();
  return response;
}
