import type { FeaturePart } from '../part.ts';

/** The transactions part of server wallets (filled in by its build). */
export const transactionsPart: FeaturePart = {
  routes: () => [],
  fixtures: {},
};
