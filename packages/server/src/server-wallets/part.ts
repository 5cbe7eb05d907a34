import type { Migration } from 'kysely';
import type { AppSettingsDeclaration } from '../app-config/feature-settings.ts';
import type { FeatureHost, Route } from '../feature.ts';
import type { RouteFixture } from '../hostile-fixtures.ts';
import type { SweepEntry } from '../storage/retention.ts';

/**
 * One part of the server-wallets feature (wallets, policies, transactions, HPKE key transport): its
 * routes, tables and fixtures, composed by feature.ts into the one feature. A part names its
 * migrations in the global order (`00NN_what`).
 */
export interface FeaturePart {
  routes(host: FeatureHost): Route[];
  migrations?: Record<string, Migration>;
  sweeps?: SweepEntry[];
  fixtures: Record<string, RouteFixture>;
  /** App settings it declares (at most one part does: a feature has one declaration). */
  appSettings?: AppSettingsDeclaration;
}
