import type { FeaturePart } from '../part.ts';

/** The hpke part of server wallets (filled in by its build). */
export const hpkePart: FeaturePart = {
  routes: () => [],
  fixtures: {},
};
