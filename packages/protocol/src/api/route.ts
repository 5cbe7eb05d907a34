/**
 * The shape of one route of the contract: its method and path as plain data, its request and
 * response types carried by the type only. Feature files (email.ts, sms.ts, …) write a table of
 * `{method, path}` literals and annotate it with `TypedRoutes`; nothing else exists at runtime, so a
 * client bundles a few strings per route it calls.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The request and response body types of one route; `undefined` request: the route takes no body. */
export interface RouteTypes {
  request: unknown;
  response: unknown;
}

/** A route definition: `{ method, path }` at runtime, its body types in a property never set. */
export interface Route<
  M extends HttpMethod = HttpMethod,
  P extends string = string,
  T extends RouteTypes = RouteTypes,
> {
  readonly method: M;
  /** Under the server's origin; path parameters are written `:name` (WIRE.md §3). */
  readonly path: P;
  /** Types only: no route object carries this property. */
  readonly types?: T;
}

/** The request body a route takes (`undefined` when it takes none). */
export type RequestOf<R extends Route> = NonNullable<R['types']>['request'];

/** The body a route answers with on success. */
export type ResponseOf<R extends Route> = NonNullable<R['types']>['response'];

/** The `:name` segments of a path, as an object type: `'/apps/:app_id'` → `{ app_id: string }`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string }
    : Record<never, never>;

/** The path parameters a route needs. */
export type PathParamsOf<R extends Route> = PathParams<R['path']>;

/** The `{method, path}` literals of a feature's routes, written `as const`. */
export type RouteTable = Record<string, { readonly method: HttpMethod; readonly path: string }>;

/**
 * A route table with each route's body types attached from `Types` (one entry per route, by name).
 * Used as the annotation of the exported table, so the table stays plain data: nothing runs, and a
 * bundler drops what no one uses.
 *
 * @example
 * const table = { emailInit: { method: 'POST', path: '/api/v1/passwordless/init' } } as const;
 * export const emailApi: TypedRoutes<typeof table, { emailInit: { request: …; response: … } }> = table;
 */
export type TypedRoutes<Table extends RouteTable, Types extends { [K in keyof Table]: RouteTypes }> = {
  readonly [K in keyof Table]: Route<Table[K]['method'], Table[K]['path'], Types[K]>;
};

/** Fill `:name` parameters of a route path (URI-encoded). */
export function routePath(path: string, params: Record<string, string>): string {
  return path.replace(/:([a-z_]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

/**
 * A route's path with its parameters filled, the parameters checked against the path.
 *
 * @example
 * routeUrl(api.app, { app_id: 'clxxxxxxxxxxxxxxxxxxxxxxx' }) // '/api/v1/apps/clxxxxxxxxxxxxxxxxxxxxxxx'
 */
export const routeUrl = <R extends Route>(route: R, params: PathParamsOf<R>): string =>
  routePath(route.path, params as Record<string, string>);
