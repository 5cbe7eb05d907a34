import type { FeaturePart } from '../part.ts';

/** The policies part of server wallets (filled in by its build). */
export const policiesPart: FeaturePart = {
  routes: () => [],
  fixtures: {},
};
