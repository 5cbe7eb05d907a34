import type { FeaturePart } from '../part.ts';
import { transactionMigrations } from './migrations.ts';
import './tables.ts';

/** The transactions part of server wallets (filled in by its build). */
export const transactionsPart: FeaturePart = {
  routes: () => [],
  migrations: transactionMigrations,
  fixtures: {},
};
