/**
 * A server process that makes one send and is killed during it (server-wallet-transactions-crash.test.ts):
 * opens the same database and key store as the test, sends from `LK_WALLET_ID`, and prints the result
 * if it lives that long. Run with `--conditions=@latchkey/source`.
 */
import { createLatchkey, FileKeyStore } from '../../src/index.ts';
import { sendEthereumTransaction } from '../../src/server-wallets/transactions/ethereum-send.ts';

const env = process.env;
const keyStore = await FileKeyStore.open(env.LK_KEY_FILE!, { create: false });
const latchkey = await createLatchkey({
  ...(env.LK_DATABASE_URL
    ? { databaseUrl: env.LK_DATABASE_URL, schema: env.LK_SCHEMA!, poolSize: 2 }
    : { dataDir: env.LK_DATA_DIR! }),
  masterKey: new Uint8Array(Buffer.from(env.LK_MASTER_KEY!, 'base64')),
  keyStore,
  adminApi: false,
  webhookWorker: false,
  chainWatcher: false,
  log: { info: () => {}, error: () => {} },
  settings: { rpcUrls: { 'eip155:31337': env.LK_RPC_URL! } },
});
const wallet = await latchkey.ctx.db
  .selectFrom('server_wallets')
  .selectAll()
  .where('id', '=', env.LK_WALLET_ID!)
  .executeTakeFirstOrThrow();
const sent = await sendEthereumTransaction(latchkey.ctx, {
  wallet,
  caip2: 'eip155:31337',
  transaction: { to: env.LK_TO!, value: env.LK_VALUE! },
  referenceId: env.LK_REFERENCE!,
});
process.stdout.write(`${JSON.stringify(sent)}\n`);
await latchkey.close();
await keyStore.close();
