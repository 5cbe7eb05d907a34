/**
 * Checks compose.yaml (the image test runs it; there is no `docker compose config` here): parsed with
 * the `yaml` package, then the services, their variables, health checks and volumes are what a
 * production deployment needs and what the server actually reads.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | number | boolean | null> | string[];
  depends_on?: Record<string, { condition?: string }> | string[];
  healthcheck?: { test?: unknown; disable?: boolean };
  ports?: (string | { host_ip?: string; published?: string | number; target?: number })[];
  volumes?: (string | { source?: string; target?: string })[];
}

interface ComposeFile {
  services?: Record<string, Service>;
  volumes?: Record<string, unknown>;
}

/** The variables the Latchkey service must set: storage, shared budgets, origin, proxies, keys. */
export const requiredLatchkeyEnv = [
  'DATABASE_URL',
  'REDIS_URL',
  'LATCHKEY_PUBLIC_URL',
  'LATCHKEY_TRUST_PROXY',
  'LATCHKEY_ADMIN_KEY',
  'LATCHKEY_MASTER_KEY',
  'LATCHKEY_KEY_STORE',
] as const;

/** A secret's name: its value must come from the environment (`${NAME:?…}`), never the file. */
const secretName = /(KEY|SECRET|PASSWORD|TOKEN|PIN)$/;

/** Every environment variable the server's sources read (`env.NAME`, `env['NAME']`, `process.env.NAME`). */
export function serverEnvNames(serverSrc: string): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        for (const [, a, b] of readFileSync(path, 'utf8').matchAll(
          /\benv(?:\.([A-Z][A-Z0-9_]+)|\[['"]([A-Z][A-Z0-9_]+)['"]\])/g,
        ))
          names.add((a ?? b)!);
    }
  };
  walk(serverSrc);
  return names;
}

function environment(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  if (Array.isArray(env))
    return Object.fromEntries(
      env.map((entry) => [entry.split('=')[0]!, entry.slice(entry.indexOf('=') + 1)]),
    );
  return Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/** `${NAME:-default}` → default, `${NAME:?…}`/`${NAME}` → null (from the environment). */
function defaultOf(value: string): string | null {
  const match = /^\$\{[A-Z0-9_]+:-([^}]*)\}$/.exec(value);
  return match ? match[1]! : /^\$\{[A-Z0-9_]+(:?\?[^}]*)?\}$/.test(value) ? null : value;
}

/**
 * Returns the problems found in compose.yaml (empty when it passes). `knownEnv`: the variables the
 * server reads; `imageVolumes`: the Dockerfile's VOLUME paths, each of which the latchkey service mounts.
 */
export function checkCompose(
  text: string,
  options: { knownEnv: Set<string>; imageVolumes: string[]; port: number },
): string[] {
  const problems: string[] = [];
  const compose = parse(text) as ComposeFile;
  const services = compose.services ?? {};
  for (const name of ['latchkey', 'postgres', 'redis'])
    if (!services[name]) problems.push(`no ${name} service`);
  const latchkey = services.latchkey;
  if (!latchkey) return problems;

  for (const [name, service] of Object.entries(services)) {
    if (!service.healthcheck?.test || service.healthcheck.disable) problems.push(`${name}: no healthcheck`);
    if (service.image && !service.build && !/:\d+\.\d+(\.\d+)?[^:]*$|@sha256:/.test(service.image))
      problems.push(`${name}: image ${service.image} is not pinned to a version`);
    for (const volume of service.volumes ?? []) {
      const source = typeof volume === 'string' ? volume.split(':')[0]! : (volume.source ?? '');
      if (!/^[./~]/.test(source) && !(source in (compose.volumes ?? {})))
        problems.push(`${name}: volume ${source} is not declared under volumes`);
    }
  }
  if (latchkey.build === undefined) problems.push('latchkey: not built from the Dockerfile (build: .)');

  // Started only once what it needs answers its health check.
  const dependsOn = latchkey.depends_on;
  for (const needed of ['postgres', 'redis']) {
    const condition = Array.isArray(dependsOn) ? undefined : dependsOn?.[needed]?.condition;
    if (condition !== 'service_healthy')
      problems.push(`latchkey: depends_on ${needed} must have condition: service_healthy`);
  }

  const env = environment(latchkey);
  for (const name of requiredLatchkeyEnv) if (!(name in env)) problems.push(`latchkey: ${name} is not set`);
  for (const [name, value] of Object.entries(env)) {
    if (!options.knownEnv.has(name)) problems.push(`latchkey: the server reads no variable ${name}`);
    if (secretName.test(name) && value !== '' && !/^\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}$/.test(value))
      problems.push(
        `latchkey: ${name} is written in the file; take it from the environment (\${${name}:?…})`,
      );
    if (secretName.test(name) && defaultOf(value))
      problems.push(`latchkey: ${name} has a default value; a secret must have none`);
  }
  // A password inside a URL comes from the environment too.
  for (const [name, value] of Object.entries(env))
    if (/:\/\/[^/:@]+:([^@]+)@/.test(value) && !/:\/\/[^/:@]+:\$\{[^}]+\}@/.test(value))
      problems.push(`latchkey: ${name} has a password written in the file`);
  for (const [name, service] of [
    ['DATABASE_URL', 'postgres'],
    ['REDIS_URL', 'redis'],
  ] as const) {
    const rest = (env[name] ?? '').split('://')[1] ?? '';
    const host = rest.slice(rest.lastIndexOf('@') + 1).split(/[:/]/)[0];
    if (host !== service) problems.push(`latchkey: ${name} does not point at the ${service} service`);
  }

  // Each of the image's volumes is mounted, each on a volume of its own: a copy of the data volume
  // must not carry the key store.
  const mounts = new Map<string, string>();
  for (const volume of latchkey.volumes ?? []) {
    const [source, target] =
      typeof volume === 'string' ? volume.split(':') : [volume.source ?? '', volume.target ?? ''];
    mounts.set(target!, source!);
  }
  for (const path of options.imageVolumes)
    if (!mounts.has(path)) problems.push(`latchkey: the image's volume ${path} is not mounted`);
  if (new Set(options.imageVolumes.map((p) => mounts.get(p))).size !== options.imageVolumes.length)
    problems.push('latchkey: two of the image volumes share one volume');
  const keyFile = /^file:(.*)$/.exec(defaultOf(env.LATCHKEY_KEY_STORE ?? '') ?? '')?.[1];
  if (keyFile) {
    const mount = [...mounts.keys()]
      .filter((t) => keyFile.startsWith(`${t}/`))
      .sort((a, b) => b.length - a.length)[0];
    if (!mount) problems.push(`latchkey: the key file ${keyFile} is on no volume (lost on every restart)`);
    else if (keyFile.startsWith(`${options.imageVolumes[0]}/`))
      problems.push(`latchkey: the key file ${keyFile} is on the data volume`);
  }

  // Trusting X-Forwarded-For is right only when nothing but the proxy can reach the port.
  const trust = defaultOf(env.LATCHKEY_TRUST_PROXY ?? '') ?? '';
  if (trust !== '' && trust !== '0' && trust !== 'false')
    for (const port of latchkey.ports ?? []) {
      const text = typeof port === 'string' ? port : `${port.host_ip ?? ''}:${port.published}:${port.target}`;
      if (!text.startsWith('127.0.0.1:'))
        problems.push(
          `latchkey: port ${text} is public while LATCHKEY_TRUST_PROXY trusts a proxy; bind 127.0.0.1`,
        );
    }
  if (
    !(latchkey.ports ?? []).some((p) =>
      typeof p === 'string' ? p.endsWith(`:${options.port}`) : p.target === options.port,
    )
  )
    problems.push(`latchkey: port ${options.port} is not published`);
  return problems;
}
