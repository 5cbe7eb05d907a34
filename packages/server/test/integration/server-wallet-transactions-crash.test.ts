import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import { dialects, persistentStorage } from '@latchkey/test/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../src/apps/app-service.ts';
import { FileKeyStore } from '../../src/crypto/file-key-store.ts';
import { createLatchkey, type Latchkey } from '../../src/server.ts';
import { ether, fundFromHardhat, insertServerWallet } from './server-wallet-transactions-fixtures.ts';

/**
 * `kill -9` during a send: a server process is killed while its `eth_sendRawTransaction` is in flight,
 * once before the node got the bytes and once after. After a restart, the watcher finds the record
 * and broadcasts the same bytes: no record is lost, and nothing is sent twice (the node holds one
 * transaction per record, the recipient got each value once).
 */
let node: EvmNode;
const child = fileURLToPath(new URL('./server-wallet-transactions-child.ts', import.meta.url));
const recipient = '0x00000000000000000000000000000000000c0ffe';

/** A JSON-RPC proxy to the node that, in `hold` mode, keeps the next eth_sendRawTransaction unanswered. */
interface Proxy {
  url: string;
  /** `before`: the node never gets it; `after`: the node gets it, the caller never hears back. */
  hold: 'before' | 'after' | null;
  held: Promise<void>;
  close(): Promise<void>;
}

async function startProxy(target: string): Promise<Proxy> {
  let signal = () => {};
  const proxy: Proxy = {
    url: '',
    hold: null,
    held: new Promise((resolve) => (signal = resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });
  const server: Server = createServer(async (request, response) => {
    const body = await read(request);
    const raw = (JSON.parse(body) as { method: string }).method === 'eth_sendRawTransaction';
    if (raw && proxy.hold === 'before') return signal(); // never answered, never forwarded
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    const text = await answer.text();
    if (raw && proxy.hold === 'after') return signal(); // forwarded, never answered
    response.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return proxy;
}

beforeAll(async () => {
  node = await startEvmNode();
});
afterAll(async () => {
  await node?.stop();
});

describe.each(dialects)('kill -9 during a send (%s)', (dialect) => {
  const storage = persistentStorage(dialect);
  const keyFile = join(storage.dataDir, 'wallet-keys.key');
  const masterKey = randomBytes(32);
  let keyStore: FileKeyStore;
  let latchkey: Latchkey | null = null;
  const open = (chainWatcher: boolean) =>
    createLatchkey({
      ...storage.storage,
      masterKey: new Uint8Array(masterKey),
      keyStore,
      adminApi: false,
      webhookWorker: false,
      chainWatcher,
      log: { info: () => {}, error: () => {} },
      settings: {
        rpcUrls: { 'eip155:31337': node.url },
        chainWatcherPollMs: 60_000,
        chainWatcherLeaseSeconds: 2,
      },
    });

  beforeAll(async () => {
    keyStore = await FileKeyStore.open(keyFile, { create: true });
  });
  afterAll(async () => {
    await latchkey?.close();
    await keyStore?.close();
    await storage.remove();
  });

  it('loses no record and sends nothing twice, killed before or after the node got the bytes', async () => {
    latchkey = await open(false);
    const { app } = await createApp(latchkey.ctx, { name: 'Crash', allowedDomains: [] });
    const wallet = await insertServerWallet(latchkey.ctx, app.id);
    await latchkey.close();
    latchkey = null;
    await fundFromHardhat(node, wallet.address, ether);
    const before = BigInt((await node.rpc('eth_getBalance', [recipient, 'latest'])) as string);

    for (const [i, hold] of (['before', 'after'] as const).entries()) {
      const proxy = await startProxy(node.url);
      proxy.hold = hold;
      const process_: ChildProcess = spawn(process.execPath, ['--conditions=@latchkey/source', child], {
        env: {
          ...process.env,
          LK_KEY_FILE: keyFile,
          LK_MASTER_KEY: masterKey.toString('base64'),
          LK_WALLET_ID: wallet.id,
          LK_RPC_URL: proxy.url,
          LK_TO: recipient,
          LK_VALUE: '0x64',
          LK_REFERENCE: `crash-${hold}`,
          ...(storage.storage.databaseUrl
            ? { LK_DATABASE_URL: storage.storage.databaseUrl, LK_SCHEMA: storage.storage.schema }
            : { LK_DATA_DIR: storage.dataDir }),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      process_.stdout!.on('data', (c) => (output += c));
      process_.stderr!.on('data', (c) => (output += c));
      const exited = new Promise((resolve) => process_.once('exit', resolve));
      await Promise.race([
        proxy.held,
        exited.then(() => {
          throw new Error(`the child exited before its broadcast:\n${output}`);
        }),
      ]);
      process_.kill('SIGKILL');
      await exited;
      await proxy.close();

      // Restarted: the record is there, signed; the watcher settles it.
      latchkey = await open(true);
      const rows = await latchkey.ctx.db
        .selectFrom('server_wallet_transactions')
        .selectAll()
        .where('wallet_id', '=', wallet.id)
        .orderBy('nonce')
        .execute();
      expect(rows).toHaveLength(i + 1);
      expect(rows[i]).toMatchObject({ status: 'signed', nonce: i, reference_id: `crash-${hold}` });
      const deadline = Date.now() + 15_000;
      while (
        (
          await latchkey.ctx.db
            .selectFrom('server_wallet_transactions')
            .select('status')
            .where('id', '=', rows[i]!.id)
            .executeTakeFirstOrThrow()
        ).status !== 'confirmed'
      ) {
        if (Date.now() > deadline) throw new Error('the killed send was not settled by the watcher');
        await latchkey.chainWatcher!.pass();
        await new Promise((r) => setTimeout(r, 100));
      }
      await latchkey.close();
      latchkey = null;
    }
    // One transaction on chain per record, each value received once.
    expect(Number(await node.rpc('eth_getTransactionCount', [wallet.address, 'latest']))).toBe(2);
    const after = BigInt((await node.rpc('eth_getBalance', [recipient, 'latest'])) as string);
    expect(after - before).toBe(200n);
  });
});
