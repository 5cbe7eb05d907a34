import { frameRoutes } from '../api/embedded-wallets.ts';
import { headers } from '../headers.ts';
import { type Operation, type OperationAuth, operations, tags } from './operations.ts';

/** The second spelling of the server API: `@privy-io/node` calls `{apiUrl}/v1/...` (server app.ts). */
export const serverApiAliasPrefix = '/v1/';

/**
 * The paths an operation answers under: server-to-server routes, and the app's public config and
 * key set, also under `/v1/…`; every other route under its one path (the server's `spellings`).
 */
export function operationPaths(op: Pick<Operation, 'path' | 'auth'>): string[] {
  const serverApi =
    op.auth === 'server' ||
    op.auth === 'server-or-user' ||
    (op.auth === 'public' && op.path.startsWith('/api/v1/apps/'));
  if (!serverApi || !op.path.startsWith('/api/v1/')) return [op.path];
  return [op.path, `${serverApiAliasPrefix}${op.path.slice('/api/v1/'.length)}`];
}

/** `/apps/:app_id` → `/apps/{app_id}`: OpenAPI's path template. */
export const openApiPath = (path: string): string => path.replace(/:([a-z_]+)/g, '{$1}');

export interface OpenApiOptions {
  /** The server's public URL, as `servers[0]` (none: relative to where the document was fetched). */
  serverUrl?: string | null;
  version?: string;
  /** JSON Schemas (2020-12) of request bodies by `METHOD path`, e.g. from the server's validators. */
  requestBodies?: Record<string, Record<string, unknown>>;
}

type Json = Record<string, unknown>;

const securityByAuth: Record<OperationAuth, Json[]> = {
  public: [],
  app: [{ appId: [] }],
  user: [{ appId: [], userToken: [] }],
  frame: [{ appId: [], userToken: [] }],
  server: [{ appId: [], appSecret: [] }],
  // OpenAPI's alternatives: either requirement admits the call.
  'server-or-user': [
    { appId: [], appSecret: [] },
    { appId: [], userToken: [] },
  ],
  admin: [{ adminKey: [] }],
  // With `LATCHKEY_METRICS_TOKEN` set, the token; with `LATCHKEY_METRICS=true` alone, none.
  metrics: [{ metricsToken: [] }, {}],
};

/** What a non-JSON route answers with. */
const contentTypes: Record<string, string> = {
  '/metrics': 'text/plain',
  '/apps/:app_id/embedded-wallets': 'text/html',
  '/apps/:app_id/embedded-wallets/export': 'text/html',
  '/embedded-wallets/frame.js': 'text/javascript',
  '/embedded-wallets/export.js': 'text/javascript',
  [frameRoutes.frameSessionEvents.path]: 'text/event-stream',
};

function operationObject(op: Operation, path: string, options: OpenApiOptions): Json {
  const params = [...path.matchAll(/:([a-z_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  const alias = path !== op.path;
  const body = options.requestBodies?.[`${op.method} ${op.path}`];
  const type = contentTypes[op.path] ?? 'application/json';
  return {
    operationId: alias ? `${op.name}V1` : op.name,
    summary: op.summary,
    ...(alias ? { description: `The \`${serverApiAliasPrefix}\` spelling of \`${op.path}\`.` } : {}),
    tags: [op.tag],
    security: securityByAuth[op.auth],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: { required: true, content: { 'application/json': { schema: body } } } } : {}),
    responses: {
      '200': {
        description: 'Success',
        content: {
          [type]: {
            schema: type === 'application/json' ? { type: ['object', 'array'] } : { type: 'string' },
          },
        },
      },
      default: { $ref: '#/components/responses/Error' },
    },
  };
}

/**
 * The OpenAPI 3.1 document of the Latchkey server: every operation of the route contract
 * (`operations()`), both spellings of the server API, the auth schemes, tags per area, and the
 * request body schemas the caller supplies.
 */
export function openApiDocument(options: OpenApiOptions = {}): Json {
  const paths: Record<string, Json> = {};
  for (const op of operations())
    for (const path of operationPaths(op)) {
      const item = paths[openApiPath(path)] ?? {};
      item[op.method.toLowerCase()] = operationObject(op, path, options);
      paths[openApiPath(path)] = item;
    }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Latchkey API',
      version: options.version ?? '0.1.0',
      description:
        'The Latchkey server: the client API under `/api/v1` (wire-compatible with the incumbent SDKs, docs/WIRE.md), the server-to-server API (also under `/v1`), the wallet frame, the admin API, and health and metrics.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    tags,
    paths,
    components: {
      securitySchemes: {
        appId: {
          type: 'apiKey',
          in: 'header',
          name: headers.appId,
          description: "The app's id. Browsers must also come from one of the app's allowed origins.",
        },
        userToken: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "A user's access token (or, from the app's origin, the `privy-token` cookie).",
        },
        appSecret: { type: 'http', scheme: 'basic', description: 'The app id and app secret.' },
        adminKey: { type: 'http', scheme: 'bearer', description: 'The admin key (`LATCHKEY_ADMIN_KEY`).' },
        metricsToken: { type: 'http', scheme: 'bearer', description: '`LATCHKEY_METRICS_TOKEN`, when set.' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['error', 'code'],
          properties: { error: { type: 'string' }, code: { type: 'string' } },
        },
      },
      responses: {
        Error: {
          description: 'An error: `{ error, code }` with a code of spec document 2 §8.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    },
  };
}
