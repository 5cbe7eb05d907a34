import type { Context, MiddlewareHandler } from 'hono';
import type { Migration } from 'kysely';
import type { z } from 'zod';
import type { ServerContext } from './context.ts';
import type { DevOutboxStore } from './delivery/dev-outbox.ts';
import type { RouteFixture } from './hostile-fixtures.ts';
import type { AppEnv } from './http/env.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/**
 * Who may call a route; the app puts the matching guard in front of it (app.ts):
 * - `public`: anyone, from any origin;
 * - `app`: a caller the app named by `privy-app-id` admits (its origins, native app, or its secret);
 * - `user`: that, and a live session of the app's user (Bearer token or session cookie);
 * - `frame`: `user`, where a session cookie counts only from the wallet frame's own origin;
 * - `server`: the app's secret (Basic auth), for the app named in the path;
 * - `admin`: the admin key.
 */
export type RouteAuth = 'public' | 'app' | 'user' | 'frame' | 'server' | 'admin';

/**
 * One route, declared as data: its method and path (from `@latchkey/protocol`'s route tables), who
 * may call it, the schema of its JSON body (read and checked after the guards, before the handler:
 * a refused body spends nothing), and what it does with it.
 */
export interface RouteDeclaration<Body> {
  method: Method;
  path: string;
  auth: RouteAuth;
  body?: z.ZodType<Body>;
  /** Checks after the guard, before the body (e.g. the frame's device proof). */
  middleware?: MiddlewareHandler<AppEnv>[];
  handler(c: Context<AppEnv>, body: Body): Response | Promise<Response>;
}

export type Route = RouteDeclaration<unknown>;

/** Declares a route, typing its handler's body by its schema. */
export const route = <Body = undefined>(declaration: RouteDeclaration<Body>): Route => declaration as Route;

/** What the app hands a feature's routes: the server context, and the development outbox if any. */
export interface FeatureHost {
  ctx: ServerContext;
  devOutbox: DevOutboxStore | null;
  /** The admin key's hash; null when the admin API is off. */
  adminKeyHash?: string | null;
  /** Every route the app declares (the API reference describes their bodies); called after composition. */
  declaredRoutes?: () => Route[];
}

/**
 * A server feature: one folder that declares, here, everything the app composes from it. Adding a
 * feature is its folder and one line in `features.ts`.
 */
export interface Feature {
  name: string;
  routes(host: FeatureHost): Route[];
  /**
   * Migrations of the tables it owns, named `NNNN_what` in the one global order (Kysely runs them by
   * name): storage/migrations.ts collects them after the foundation's.
   */
  migrations?: Record<string, Migration>;
  /** For the generated hostile-input suite: per route (`METHOD path`), valid input and what hostile input gets. */
  fixtures: Record<string, RouteFixture>;
}
