import type { ParseArgsOptionsConfig, parseArgs } from 'node:util';
import type { Route as ContractRoute, HttpMethod, RequestOf } from '@latchkey/protocol';
import type { Context, MiddlewareHandler } from 'hono';
import type { Migration } from 'kysely';
import type { z } from 'zod';
import type { AccountTypeDescriptor } from './accounts/account-type.ts';
import type { UserDeletionStep } from './accounts/delete-user.ts';
import type { AppRecord } from './app-config/app-record.ts';
import type { AppSettingsDeclaration } from './app-config/feature-settings.ts';
import type { Mismatch } from './body-match.ts';
import type { ServerContext } from './context.ts';
import type { DevOutboxStore } from './delivery/dev-outbox.ts';
import type { RouteFixture } from './hostile-fixtures.ts';
import type { AppEnv } from './http/env.ts';
import type { SweepEntry } from './storage/retention.ts';

export type Method = HttpMethod;

/**
 * Who may call a route; the app puts the matching guard in front of it (app.ts):
 * - `public`: anyone, from any origin;
 * - `app`: a caller the app named by `privy-app-id` admits (its origins, native app, or its secret);
 * - `user`: that, and a live session of the app's user (Bearer token or session cookie);
 * - `frame`: `user`, where a session cookie counts only from the wallet frame's own origin;
 * - `server`: the app's secret (Basic auth), for the app named in the path;
 * - `server-or-user`: `server` when the caller gave the app secret, else `user`. For the server
 *   routes a user may also call on what they own (session signers: a user's `GET`/`PATCH` of their
 *   own server wallet): the handler tells the two apart by `serverCaller` and must narrow what a
 *   user may see and change itself. One route rather than a second one per caller, because the
 *   incumbent's SDKs call the same path with either credential;
 * - `admin`: the admin key.
 */
export type RouteAuth = 'public' | 'app' | 'user' | 'frame' | 'server' | 'server-or-user' | 'admin';

type Handler<Body> = (c: Context<AppEnv>, body: Body) => Response | Promise<Response>;

/**
 * One route as the app registers it: the method and path of its protocol route, who may call it,
 * the schema of its JSON body (read and checked after the guards, before the handler: a refused
 * body spends nothing), and what it does with it. Made by `route`, never written by hand.
 */
export interface Route {
  method: Method;
  path: string;
  auth: RouteAuth;
  body?: z.ZodType;
  /** Checks after the guard, before the body (e.g. the frame's device proof). */
  middleware?: MiddlewareHandler<AppEnv>[];
  handler: Handler<unknown>;
}

/** The body the handler gets: the schema's output (after its transforms and defaults). */
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What the compiler reports where a body schema does not match its route's request type. */
interface MismatchedBody<Where> {
  'body schema does not match the protocol request type': Where;
}

/** `S` itself when it matches the route's request type; otherwise a type `S` cannot meet. */
type CheckedBody<R extends ContractRoute, S> = S &
  NoInfer<
    [Mismatch<z.input<S>, RequestOf<R>>] extends [never]
      ? unknown
      : MismatchedBody<Mismatch<z.input<S>, RequestOf<R>>>
  >;

/** A route whose protocol request is `undefined` declares no body; any other must declare its schema. */
type BodyOption<R extends ContractRoute, S> = [RequestOf<R>] extends [undefined]
  ? { body?: undefined }
  : { body: CheckedBody<R, S> };

export type RouteOptions<R extends ContractRoute, S> = {
  auth: RouteAuth;
  /** Checks after the guard, before the body (e.g. the frame's device proof). */
  middleware?: MiddlewareHandler<AppEnv>[];
  handler: Handler<Parsed<S>>;
} & BodyOption<R, S>;

/**
 * Declares the server's side of a protocol route (`@latchkey/protocol`'s `api`, `adminApi`, …):
 * its method and path come from the contract, and its body schema is checked against the
 * contract's request type by the compiler, so the two cannot drift.
 *
 * The rule (body-match.ts computes it): what the schema accepts, `z.input<typeof body>`, and
 * `RequestOf<route>` must be assignable to each other, name the same fields, and make the same
 * ones optional, at every level of nesting. So a missing or extra field, a wrong type or enum
 * member, or a field required on one side and optional on the other fails `npm run typecheck`.
 * The input side is compared because that is what a client sends: a `.transform` changes only
 * what the handler gets (`z.output`), a `.default(…)` makes the field optional on the wire, and
 * `.optional()`/`.nullable()` must be said by the contract too. A route whose request is
 * `undefined` takes no body (and declares none).
 *
 * @example
 * route(siweApi.siweAuthenticate, { auth: 'app', body: authenticateBody, handler: (c, body) => … })
 */
export function route<R extends ContractRoute, S extends z.ZodType | undefined = undefined>(
  contract: R,
  options: RouteOptions<R, S>,
): Route {
  const { body, middleware, auth, handler } = options as RouteOptions<R, S> & { body?: z.ZodType };
  return {
    method: contract.method,
    path: contract.path,
    auth,
    ...(body ? { body } : {}),
    ...(middleware ? { middleware } : {}),
    handler: handler as Handler<unknown>,
  };
}

/**
 * A route whose handler reads its own body and never refuses one (analytics answers `{}` to
 * anything): `schema`, the one the handler parses with, is checked against the route's request
 * type as `route` checks a body, and the app reads no body for it.
 */
export function lenientRoute<R extends ContractRoute, S extends z.ZodType>(
  contract: R,
  options: {
    auth: RouteAuth;
    middleware?: MiddlewareHandler<AppEnv>[];
    schema: CheckedBody<R, S>;
    handler: Handler<undefined>;
  },
): Route {
  return {
    method: contract.method,
    path: contract.path,
    auth: options.auth,
    ...(options.middleware ? { middleware: options.middleware } : {}),
    handler: options.handler as Handler<unknown>,
  };
}

declare const checked: unique symbol;

/**
 * A protocol route and its body schema, checked against each other (the rule of `route`) where
 * `bindBody` paired them: how a helper that declares the routes of several methods
 * (login/identity-method.ts) takes bodies it cannot check itself.
 */
export interface BoundBody<Body> {
  readonly contract: ContractRoute;
  readonly schema: z.ZodType<Body>;
  /** Only `bindBody` makes one. */
  readonly [checked]: true;
}

/** Pairs a protocol route with its body schema, checked as `route` checks them. */
export function bindBody<R extends ContractRoute, S extends z.ZodType>(
  contract: R,
  schema: CheckedBody<R, S>,
): BoundBody<z.output<S>> {
  return { contract, schema } as unknown as BoundBody<z.output<S>>;
}

/** Declares the route of a bound body (`bindBody`); otherwise as `route`. */
export function boundRoute<Body>(
  bound: BoundBody<Body>,
  options: { auth: RouteAuth; middleware?: MiddlewareHandler<AppEnv>[]; handler: Handler<Body> },
): Route {
  return {
    method: bound.contract.method,
    path: bound.contract.path,
    auth: options.auth,
    body: bound.schema,
    ...(options.middleware ? { middleware: options.middleware } : {}),
    handler: options.handler as Handler<unknown>,
  };
}

/**
 * Where the server finds the admin key's hash when it checks one: the hash of `LATCHKEY_ADMIN_KEY`,
 * fixed for the process, or the stored one, read at each check (a primary-key read of a small table;
 * admin calls are rare) so that `latchkey admin-key --rotate` takes effect on a running server.
 */
export type AdminKeyHash = () => Promise<string | null>;

/** What the app hands a feature's routes: the server context, and the development outbox if any. */
export interface FeatureHost {
  ctx: ServerContext;
  devOutbox: DevOutboxStore | null;
  /** The admin key's hash, as the server finds it at each check; null when the admin API is off. */
  adminKeyHash?: AdminKeyHash | null;
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
  /**
   * The retention rules of the tables it owns (its `tables.ts`): rows that only grow unless swept.
   * The server sweeps the foundation's entries and then every feature's, in feature order.
   */
  sweeps?: SweepEntry[];
  /**
   * The linked-account types it owns and how each is rendered: its wire form and its compact form
   * in the identity token (accounts/account-type.ts). The type itself is named by augmenting
   * `AccountTypes` beside the descriptor.
   */
  accountTypes?: AccountTypeDescriptor[];
  /**
   * Subcommands of `latchkey apps` that change one app's settings (`latchkey apps telegram APP_ID
   * --bot-token-file PATH`): the CLI loads them only when such a command runs or `apps --help` asks.
   */
  appCommands?: AppPatchCommand[];
  /**
   * Its server-side app settings (app-config/feature-settings.ts): their schemas, defaults, and
   * which are secrets, sealed at rest and shown only as `set`. The admin API, the dashboard and the
   * CLI take them with the foundation's.
   */
  appSettings?: AppSettingsDeclaration;
  /**
   * What it deletes with a user, in the transaction that deletes them (accounts/delete-user.ts):
   * for rows whose meaning (a key the server holds for the user) is the feature's to know.
   */
  deletesWithUser?: UserDeletionStep;
  /** For the generated hostile-input suite: per route (`METHOD path`), valid input and what hostile input gets. */
  fixtures: Record<string, RouteFixture>;
}

/** The flags a command was given, typed by its options (`node:util` parseArgs). */
export type CommandValues<O extends ParseArgsOptionsConfig> = ReturnType<
  typeof parseArgs<{ args: string[]; options: O; allowPositionals: true; strict: true }>
>['values'];

/**
 * A subcommand of `latchkey apps` that turns its flags into a patch of one app (public config and
 * server settings, as `apps update --set` takes): the CLI opens storage, checks the patch as the
 * admin API does, applies it and prints the fields it changed. Options named `*-file` are read
 * from files (secrets never sit in shell history or `ps`); the CLI checks each is readable first.
 */
export interface AppPatchCommand<O extends ParseArgsOptionsConfig = ParseArgsOptionsConfig> {
  /** What follows `latchkey apps` (`telegram`). */
  name: string;
  /** Its positionals after APP_ID, in order; `[X]` is optional. */
  args?: string[];
  /** The flags part of its usage line. */
  synopsis?: string;
  summary: string;
  /** Lines after the summary: what each flag means. */
  details?: string;
  options: O;
  /** The patch; an Error's message is shown to the user as is. */
  patch(app: AppRecord, values: CommandValues<O>, positionals: string[]): Record<string, unknown>;
}

/** Declares an app command, typing its `patch`'s flags by its options. */
export const appPatchCommand = <const O extends ParseArgsOptionsConfig>(command: AppPatchCommand<O>) =>
  command as unknown as AppPatchCommand;
