/**
 * The API reference's reading of the server's OpenAPI document (`/openapi.json`, generated from the
 * protocol's route contract, one tag per `referenceAreas` entry): operations grouped by area, each
 * with its auth, path parameters, body fields, response and the errors its guards answer with, and
 * a curl command to try it.
 */

type Json = Record<string, unknown>;

export interface BodyField {
  name: string;
  type: string;
  required: boolean;
  description: string | null;
}

export interface ErrorCase {
  status: number;
  code: string;
  when: string;
}

export interface ReferenceOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  /** Security schemes, any one of the alternatives (OpenAPI `security`); [] is public. */
  auth: string[];
  params: string[];
  body: BodyField[] | null;
  bodySchema: Json | null;
  responseType: string;
  errors: ErrorCase[];
}

export interface ReferenceArea {
  name: string;
  description: string;
  operations: ReferenceOperation[];
}

export interface Reference {
  title: string;
  serverUrl: string | null;
  /** The app id header's name (the `appId` security scheme). */
  appIdHeader: string;
  areas: ReferenceArea[];
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** The errors an operation's guards and body check answer with (server http/api-error.ts statuses). */
function errorsOf(auth: string[], hasBody: boolean): ErrorCase[] {
  const errors: ErrorCase[] = [];
  if (hasBody) errors.push({ status: 400, code: 'invalid_data', when: 'the body does not match its schema' });
  if (auth.includes('appId')) {
    errors.push({
      status: 400,
      code: 'missing_or_invalid_privy_app_id',
      when: 'no app, or an unknown app id',
    });
    errors.push({
      status: 403,
      code: 'invalid_origin',
      when: "the Origin is not one of the app's allowed domains (missing_origin: none sent)",
    });
  }
  if (auth.includes('userToken'))
    errors.push({
      status: 401,
      code: 'missing_or_invalid_token',
      when: 'no access token, or an expired one',
    });
  if (auth.includes('appSecret'))
    errors.push({ status: 401, code: 'invalid_credentials', when: 'a wrong app id or secret (Basic auth)' });
  if (auth.includes('adminKey'))
    errors.push({ status: 401, code: 'missing_or_invalid_token', when: 'no admin key, or a wrong one' });
  if (auth.includes('metricsToken'))
    errors.push({
      status: 401,
      code: 'missing_or_invalid_token',
      when: 'the metrics token is set and not sent',
    });
  errors.push({ status: 429, code: 'too_many_requests', when: 'a rate limit was reached' });
  return errors;
}

function typeOf(schema: Json): string {
  if (Array.isArray(schema.enum)) return (schema.enum as unknown[]).map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives) return alternatives.map(typeOf).join(' | ');
  const type = Array.isArray(schema.type)
    ? (schema.type as string[]).join(' | ')
    : String(schema.type ?? 'any');
  if (type === 'array' && schema.items) return `${typeOf(schema.items as Json)}[]`;
  return type;
}

function fieldsOf(schema: Json | null): BodyField[] | null {
  if (!schema) return null;
  const properties = (schema.properties ?? {}) as Record<string, Json>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    type: typeOf(property),
    required: required.has(name),
    description: typeof property.description === 'string' ? property.description : null,
  }));
}

/** The document's operations, grouped by tag in the document's tag order. */
export function readReference(doc: Json): Reference {
  const info = (doc.info ?? {}) as Json;
  const tags = (doc.tags ?? []) as { name: string; description?: string }[];
  const areas = new Map<string, ReferenceArea>(
    tags.map((tag) => [tag.name, { name: tag.name, description: tag.description ?? '', operations: [] }]),
  );
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Record<string, Json>>))
    for (const method of methods) {
      const op = item[method];
      if (!op) continue;
      const tag = ((op.tags ?? []) as string[])[0] ?? 'Other';
      if (!areas.has(tag)) areas.set(tag, { name: tag, description: '', operations: [] });
      const auth = [
        ...new Set(((op.security ?? []) as Json[]).flatMap((alternative) => Object.keys(alternative))),
      ];
      const bodySchema =
        (
          ((op.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as
            | Json
            | undefined
        )?.schema ?? null;
      const success = (((op.responses as Json | undefined)?.['200'] as Json | undefined)?.content ??
        {}) as Json;
      areas.get(tag)!.operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ''),
        description: typeof op.description === 'string' ? op.description : null,
        auth,
        params: ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'path').map((p) => String(p.name)),
        body: fieldsOf(bodySchema as Json | null),
        bodySchema: bodySchema as Json | null,
        responseType: Object.keys(success)[0] ?? 'application/json',
        errors: errorsOf(auth, bodySchema !== null),
      });
    }
  const servers = (doc.servers ?? []) as { url?: string }[];
  const schemes = ((doc.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;
  return {
    title: `${info.title ?? 'API'} ${info.version ?? ''}`.trim(),
    serverUrl: servers[0]?.url ?? null,
    appIdHeader: String(schemes.appId?.name ?? 'privy-app-id'),
    areas: [...areas.values()].filter((area) => area.operations.length > 0),
  };
}

/** Whether an operation matches a filter's words (method, path, summary, area). */
export function matches(op: ReferenceOperation, area: string, filter: string): boolean {
  const text = `${op.method} ${op.path} ${op.summary} ${area}`.toLowerCase();
  return filter
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

/** A value of a body field's type for the example body: the first of an enum, else an empty one. */
function example(schema: Json): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'boolean') return true;
  if (type === 'number' || type === 'integer') return 0;
  if (type === 'array') return [];
  if (type === 'object') return {};
  if (type === 'null') return null;
  return '';
}

export interface CurlContext {
  baseUrl: string;
  appIdHeader: string;
  appId: string | null;
  /** An origin the app allows, sent as Origin where the app id is (browsers send one). */
  origin: string | null;
}

/** A curl command for an operation: the app id filled in, placeholders for what only the caller has. */
export function curlFor(op: ReferenceOperation, context: CurlContext): string {
  const appId = context.appId ?? '<app id>';
  const path = op.path.replace(/\{([a-z_]+)\}/g, (_, name: string) =>
    name === 'app_id' || (name === 'id' && op.path.startsWith('/admin/v1/apps/')) ? appId : `<${name}>`,
  );
  const lines = [
    `curl${op.method === 'GET' ? '' : ` -X ${op.method}`} ${quote(`${context.baseUrl}${path}`)}`,
  ];
  if (op.auth.includes('appId')) {
    lines.push(`-H ${quote(`${context.appIdHeader}: ${appId}`)}`);
    if (context.origin) lines.push(`-H ${quote(`Origin: ${context.origin}`)}`);
  }
  if (op.auth.includes('userToken')) lines.push(`-H ${quote('Authorization: Bearer <access token>')}`);
  if (op.auth.includes('appSecret')) lines.push(`-u ${quote(`${appId}:<app secret>`)}`);
  if (op.auth.includes('adminKey')) lines.push(`-H ${quote('Authorization: Bearer <admin key>')}`);
  if (op.auth.includes('metricsToken')) lines.push(`-H ${quote('Authorization: Bearer <metrics token>')}`);
  if (op.bodySchema) {
    const properties = (op.bodySchema.properties ?? {}) as Record<string, Json>;
    const required = (op.bodySchema.required ?? []) as string[];
    const names = required.length > 0 ? required : Object.keys(properties).slice(0, 4);
    const body = Object.fromEntries(names.map((name) => [name, example(properties[name] ?? {})]));
    lines.push(`-H ${quote('content-type: application/json')}`, `-d ${quote(JSON.stringify(body))}`);
  }
  return lines.join(' \\\n  ');
}
