import type { Feature } from '../feature.ts';
import { hpkePart } from './hpke/part.ts';
import { serverWalletMigrations } from './migrations.ts';
import type { FeaturePart } from './part.ts';
import { policiesPart } from './policies/part.ts';
import { transactionsPart } from './transactions/part.ts';
import { walletsPart } from './wallets-part.ts';

/** The one part that declares app settings (a feature has one declaration), as the feature's. */
function appSettingsOf(of: FeaturePart[]): Pick<Feature, 'appSettings'> {
  const declared = of.flatMap((part) => (part.appSettings ? [part.appSettings] : []));
  if (declared.length > 1) throw new Error('server-wallets: more than one part declares app settings');
  return declared[0] ? { appSettings: declared[0] } : {};
}

/** The parts, in the order their routes register and their migrations were written. */
const parts: FeaturePart[] = [walletsPart, policiesPart, transactionsPart, hpkePart];

/**
 * Server wallets (spec document 1 §3, document 2 §3, §5, §7; REFERENCES §1): wallets held by the
 * app's backend, their owners and key quorums, policies, RPC signing and sends, transaction records,
 * HPKE export and import. Every route is `server` (Basic app id + secret) and answers under
 * `/api/v1/...` and `/v1/...` (app.ts).
 */
export const serverWalletsFeature: Feature = {
  name: 'server-wallets',
  migrations: Object.assign({}, serverWalletMigrations, ...parts.map((part) => part.migrations ?? {})),
  sweeps: parts.flatMap((part) => part.sweeps ?? []),
  routes: (host) => parts.flatMap((part) => part.routes(host)),
  fixtures: Object.assign({}, ...parts.map((part) => part.fixtures)),
  ...appSettingsOf(parts),
};
