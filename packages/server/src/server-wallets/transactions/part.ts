import { serverWalletTransactionsApi as api } from '@latchkey/protocol';
import type { FeaturePart } from '../part.ts';
import { transactionAppSettings } from './app-settings.ts';
import { transactionMigrations } from './migrations.ts';
import { transactionRoutes } from './routes.ts';
import './tables.ts';

const absent = { status: 404, code: 'not_found' };

/**
 * Server wallets' transactions: the records of their sends (written by ethereum-send.ts and
 * solana-send.ts, which the RPC route calls), the chain watcher (watcher.ts, started by the server
 * process), and the read routes: a record, records by reference id, a wallet's history and balance.
 */
export const transactionsPart: FeaturePart = {
  routes: ({ ctx }) => transactionRoutes(ctx),
  migrations: transactionMigrations,
  appSettings: transactionAppSettings,
  fixtures: {
    [`GET ${api.transactionGet.path}`]: {
      path: () => '/api/v1/transactions/00000000-0000-4000-8000-000000000000',
      valid: absent,
    },
    [`GET ${api.transactionsList.path}`]: {
      path: () => '/api/v1/transactions?reference_id=nothing-here',
      valid: { status: 200 },
    },
    [`GET ${api.walletTransactions.path}`]: {
      path: () => '/api/v1/wallets/nowallet000000000000000000/transactions?chain=ethereum',
      valid: absent,
    },
    [`GET ${api.walletBalance.path}`]: {
      path: () => '/api/v1/wallets/nowallet000000000000000000/balance',
      valid: absent,
    },
  },
};
