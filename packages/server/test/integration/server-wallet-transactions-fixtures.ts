import type { WalletFundsWebhookEvent, WebhookEndpointWithSecret } from '@latchkey/protocol';
import type { EvmNode } from '@latchkey/test/chains';
import { startWebhookReceiver, type TestServer, testAdminKey } from '@latchkey/test/server';
import type { Selectable } from 'kysely';
import type { ServerContext } from '../../src/context.ts';
import { randomId } from '../../src/crypto/random.ts';
import type { ServerWalletsTable } from '../../src/server-wallets/tables.ts';
import { generateWalletKey } from '../../src/server-wallets/wallet-keys.ts';

/**
 * Server wallets for the transactions tests, made as the wallets part makes them (a key from
 * `generateWalletKey`, sealed for the wallet) and written straight to the table.
 */
export async function insertServerWallet(
  ctx: Pick<ServerContext, 'db' | 'keyStore'>,
  appId: string,
  chainType: 'ethereum' | 'solana' = 'ethereum',
): Promise<Selectable<ServerWalletsTable>> {
  const id = randomId(25);
  const { address, publicKey, sealed } = await generateWalletKey(ctx, appId, id, chainType);
  const row: Selectable<ServerWalletsTable> = {
    id,
    app_id: appId,
    chain_type: chainType,
    address,
    address_key: chainType === 'ethereum' ? address.toLowerCase() : address,
    public_key: publicKey,
    owner_id: null,
    owner_user_id: null,
    policy_ids: '[]',
    additional_signers: '[]',
    display_name: null,
    external_id: null,
    key_sealed: sealed,
    created_at: Date.now(),
    exported_at: null,
    imported_at: null,
    archived_at: null,
  };
  await ctx.db.insertInto('server_wallets').values(row).execute();
  return row;
}

/** Sends `wei` from one of Hardhat's prefunded accounts and mines it. */
export async function fundFromHardhat(node: EvmNode, to: string, wei: bigint): Promise<void> {
  const [funder] = (await node.rpc('eth_accounts')) as string[];
  await node.rpc('eth_sendTransaction', [{ from: funder, to, value: `0x${wei.toString(16)}` }]);
  await node.rpc('evm_mine');
}

export const ether = 10n ** 18n;

/** An app (created with `patch`) with a webhook endpoint at a fresh receiver, and a GET with its Basic credentials. */
export async function appWithReceiver(t: TestServer, patch: Record<string, unknown> = {}) {
  const { app, secret } = await t.createApp(patch);
  const receiver = await startWebhookReceiver();
  const created = await t.fetch(`/admin/v1/apps/${app.id}/webhooks`, {
    method: 'POST',
    headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ url: `${receiver.url}/hook` }),
  });
  receiver.secret = ((await created.json()) as WebhookEndpointWithSecret).secret;
  const get = async <T>(path: string) => {
    const response = await t.fetch(path, {
      headers: {
        authorization: `Basic ${Buffer.from(`${app.id}:${secret}`).toString('base64')}`,
        'privy-app-id': app.id,
      },
    });
    return { status: response.status, body: (await response.json()) as T };
  };
  return { appId: app.id, receiver, get };
}

/** The `wallet.funds_*` events written for an app (the outbox: what is delivered, however late), oldest first. */
export async function fundsEvents(ctx: Pick<ServerContext, 'db'>, appId: string) {
  const rows = await ctx.db
    .selectFrom('outbox')
    .select('payload')
    .where('app_id', '=', appId)
    .where('type', 'in', ['wallet.funds_deposited', 'wallet.funds_withdrawn'])
    .orderBy('seq')
    .execute();
  return rows.map((row) => JSON.parse(row.payload) as WalletFundsWebhookEvent);
}

/** Waits until the outbox holds at least `count` `wallet.funds_*` events of the app; returns them. */
export async function waitForFunds(
  ctx: Pick<ServerContext, 'db'>,
  appId: string,
  count: number,
  timeoutMs = 10_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const events = await fundsEvents(ctx, appId);
    if (events.length >= count) return events;
    if (Date.now() > deadline)
      throw new Error(`${events.length} of ${count} wallet.funds_* events after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
