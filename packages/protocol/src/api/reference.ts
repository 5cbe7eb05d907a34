import type { RouteTable } from './route.ts';

/**
 * Who may call an operation, as the server's guards decide (its `RouteAuth`; the OpenAPI test
 * checks the two agree): `public` anyone; `app` a caller the app (`privy-app-id`) admits;
 * `user` that and a user's access token; `frame` the same from the wallet frame; `server` the app
 * secret (HTTP Basic); `server-or-user` either of `server` and `user` (a user's own server wallet,
 * REFERENCES §8.3's session signers); `admin` the admin key; `metrics` the metrics token when one is set.
 */
export type OperationAuth =
  | 'public'
  | 'app'
  | 'user'
  | 'frame'
  | 'server'
  | 'server-or-user'
  | 'admin'
  | 'metrics';

/**
 * An area of the API reference (one OpenAPI tag), declared beside its routes: its tables, each with
 * the auth most of its routes take and the exceptions, and summaries that say more than a route's
 * name. `contract.ts` lists the areas in reading order; a new area adds itself there.
 */
export interface ReferenceArea {
  name: string;
  description: string;
  tables: readonly (readonly [RouteTable, OperationAuth, Readonly<Record<string, OperationAuth>>?])[];
  summaries?: Readonly<Record<string, string>>;
}
