import type { FeaturePart } from './part.ts';

/** Wallets and key quorums: create, read, list, update, RPC, raw sign (routes.ts). */
export const walletsPart: FeaturePart = {
  routes: () => [],
  fixtures: {},
};
