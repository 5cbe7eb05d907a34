import cluster from 'node:cluster';
import { createServer } from 'node:net';
import { isOurs } from '../cluster/messages.ts';
import { maxWorkers, workerCount } from '../cluster/worker-count.ts';
import type { Latchkey, LatchkeyOptions } from '../server.ts';
import { CliError, defineCommand, type Values } from './command.ts';

export const serverOptions = {
  port: { type: 'string', default: '8787' },
  host: { type: 'string', default: '127.0.0.1' },
} as const;

export const serverOptionsHelp = [
  'Options:',
  '  --port N        the port to listen on (8787; 0 picks a free one)',
  '  --host ADDRESS  the address to listen on (127.0.0.1; 0.0.0.0 for every interface)',
  '  --data-dir DIR  created if absent: the SQLite database (unless DATABASE_URL is set) and master.key',
  '  --json          print the admin key and the listening address as JSON lines',
].join('\n');

/** Why a port cannot be listened on, in words, with what to do. */
function listenError(error: unknown, port: number, host: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE')
    return new CliError(`port ${port} is in use; stop the other process or pass --port`);
  if (code === 'EACCES')
    return new CliError(`port ${port} needs privileges to listen on; pass --port 1024 or above`);
  if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND')
    return new CliError(`cannot listen on ${host}: not an address of this machine; pass --host`);
  return error as Error;
}

/**
 * Tries the port before anything else starts, so a busy port is one line and exit 1, and no data
 * dir is created or admin key generated for a server that cannot run. (listen's own error is
 * mapped the same way, for the rare port taken in between.)
 */
function assertPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(listenError(error, port, host)));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}

/** The port `--port` names, or a usage error. */
function parsePort(text: string): number {
  if (!/^\d{1,5}$/.test(text) || Number(text) > 65535)
    throw new CliError(`Invalid --port "${text}" (a number from 0 to 65535)`, 2);
  return Number(text);
}

/**
 * Resolves on SIGINT / SIGTERM, or in a cluster worker when the primary asks it to stop or is gone.
 * Listened for from the very start, so a signal during start-up stops the server once it is up
 * rather than killing it half-way.
 */
function stopRequested(): Promise<void> {
  return new Promise<void>((resolve) => {
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
    if (!cluster.isWorker) return;
    process.once('disconnect', () => resolve());
    process.on('message', (message: unknown) => {
      if (isOurs(message) && (message as { type?: unknown }).type === 'shutdown') resolve();
    });
  });
}

/**
 * Starts the server and keeps it running until SIGINT / SIGTERM, then lets requests in flight
 * finish and exits 0. As a worker of `serve --workers N` (`clusterWorker`) it shares the primary's
 * port, rate limits, dev outbox and metrics, tells the other workers what it changed (cache-sync.ts),
 * prints no address (the primary does, once all listen) and tags its log lines with its pid.
 */
export async function startServer(
  values: Values<typeof serverOptions>,
  mode: { development: boolean; clusterWorker?: boolean },
  onReady?: (latchkey: Latchkey, url: string, say: (text: string, json: object) => void) => Promise<void>,
): Promise<number> {
  const stop = stopRequested();
  const port = parsePort(values.port);
  // Loaded here, not at the top: `--help` never loads the server.
  const { assertPublicUrl, createLatchkey, listen, optionsFromEnv } = await import('../server.ts');
  const say = (text: string, json: object) => console.log(values.json ? JSON.stringify(json) : text);
  const options = optionsFromEnv();
  if (mode.development) await developmentDefaults(options, values.json);
  assertPublicUrl(options.settings ?? {});
  if (mode.clusterWorker) {
    const { consoleLogger } = await import('../logger.ts');
    const { WorkerDevOutbox } = await import('../cluster/worker-outbox.ts');
    options.log = consoleLogger(undefined, options.settings?.logLevel, { worker: process.pid });
    options.clusterWorker = { devOutbox: new WorkerDevOutbox() };
  } else await assertPortFree(port, values.host);
  const latchkey = await createLatchkey({ ...options, dataDir: values['data-dir'] });
  if (mode.clusterWorker) {
    (await import('../cluster/cache-sync.ts')).shareCacheInvalidations(latchkey.ctx);
    (await import('../cluster/worker-metrics.ts')).shareMetrics(latchkey.ctx.metrics);
  }
  if (latchkey.generatedAdminKey)
    say(`Admin key (shown once, keep it safe): ${latchkey.generatedAdminKey}`, {
      admin_key: latchkey.generatedAdminKey,
      shown_once: true,
    });
  const server = await listen(latchkey, { port, host: values.host }).catch(async (error: unknown) => {
    await latchkey.close();
    throw listenError(error, port, values.host);
  });
  if (!mode.clusterWorker) {
    say(`Latchkey listening on ${server.url} (${latchkey.ctx.dialect})`, {
      listening: server.url,
      database: latchkey.ctx.dialect,
    });
    await sayDashboard(latchkey, server.url, values['data-dir'], mode.development, say);
  }
  await onReady?.(latchkey, server.url, say);
  await stop;
  latchkey.ctx.log.info('stopping: no new connections, finishing the requests in flight');
  await server.close();
  await latchkey.close();
  // The IPC channel to the primary would keep a worker alive.
  if (cluster.isWorker && process.connected) process.disconnect();
  return 0;
}

/**
 * What `latchkey dev` changes for a developer's terminal: development mode; codes the dev outbox keeps
 * as one highlighted line rather than a JSON log line (with `--json`, JSON stays); and no line per
 * request unless LATCHKEY_ACCESS_LOG asks for them (errors are still logged).
 */
async function developmentDefaults(options: LatchkeyOptions, json: boolean): Promise<void> {
  options.settings = { ...options.settings, development: true };
  if (process.env.LATCHKEY_ACCESS_LOG === undefined) options.settings.accessLog = false;
  if (json) return;
  const { devOutboxLine, terminalHasColour } = await import('../delivery/dev-outbox-line.ts');
  const colour = terminalHasColour(process.env, process.stdout);
  options.showDevMessage = (message) => console.log(devOutboxLine(message, colour));
}

/**
 * Where the dashboard is, printed at every start: in development with a one-time login link (so the
 * first click opens it), else its address; and, when the admin key was not generated on this start
 * nor set in the environment, how to get a new one (only its hash is stored).
 */
async function sayDashboard(
  latchkey: Latchkey,
  url: string,
  dataDir: string,
  development: boolean,
  say: (text: string, json: object) => void,
): Promise<void> {
  if (development) {
    const { createLoginLink, loginLinkUrl } = await import('../admin/login-link.ts');
    const link = loginLinkUrl(url, await createLoginLink(latchkey.ctx));
    say(`Dashboard:   ${link}  (a one-time login link; a new one at every start)`, { dashboard: link });
  } else say(`Dashboard:   ${url}/dashboard`, { dashboard: `${url}/dashboard` });
  sayAdminKeyHint(latchkey.generatedAdminKey, dataDir, say);
}

function sayAdminKeyHint(
  generated: string | null,
  dataDir: string,
  say: (text: string, json: object) => void,
) {
  if (generated || process.env.LATCHKEY_ADMIN_KEY) return;
  const command = `latchkey admin-key --rotate${dataDir === '.latchkey' ? '' : ` --data-dir ${dataDir}`}`;
  say(`Admin key:   shown on the first start only; lost it? \`${command}\` makes a new one`, {
    admin_key_rotate: command,
  });
}

/** Why `--workers N` is refused on SQLite: said in full, since it is a deployment decision. */
function sqliteRefusal(workers: number): CliError {
  return new CliError(
    `--workers ${workers} needs PostgreSQL (DATABASE_URL): the embedded SQLite database is one file ` +
      'that one process writes at a time, so more processes would queue on its write lock instead of ' +
      'adding throughput. Run one process (--workers 1; SQLite is fastest in one), or set DATABASE_URL.',
  );
}

/**
 * `serve --workers N` (N > 1): this process runs migrations, the key checks and the admin key once,
 * then forks N workers on one port (cluster/primary.ts) and runs until SIGINT / SIGTERM.
 */
async function startPrimary(values: Values<typeof serveOptions>, workers: number): Promise<number> {
  const port = parsePort(values.port);
  const { assertPublicUrl, createLatchkey, listeningUrl, optionsFromEnv } = await import('../server.ts');
  const { consoleLogger } = await import('../logger.ts');
  const { DevOutbox } = await import('../delivery/dev-outbox.ts');
  const { runPrimary } = await import('../cluster/primary.ts');
  const say = (text: string, json: object) => console.log(values.json ? JSON.stringify(json) : text);
  const options = optionsFromEnv();
  if (!options.databaseUrl) throw sqliteRefusal(workers);
  assertPublicUrl(options.settings ?? {});
  await assertPortFree(port, values.host);
  const log = consoleLogger(undefined, options.settings?.logLevel);
  // Before any worker opens the database: migrations run once, and a generated admin key is
  // printed once, here. The workers find both done.
  const setup = await createLatchkey({ ...options, dataDir: values['data-dir'], webhookWorker: false, log });
  const { dialect, settings } = setup.ctx;
  await setup.close();
  if (setup.generatedAdminKey)
    say(`Admin key (shown once, keep it safe): ${setup.generatedAdminKey}`, {
      admin_key: setup.generatedAdminKey,
      shown_once: true,
    });
  return runPrimary({
    workers,
    log,
    devOutbox: settings.development && !(options.smtp && options.twilio) ? new DevOutbox(log) : null,
    countRateLimits: settings.rateLimitsEnabled && !options.redisUrl,
    onListening: (address) => {
      const url = listeningUrl(address.address, address.port);
      say(`Latchkey listening on ${url} (${dialect}, ${workers} workers)`, {
        listening: url,
        database: dialect,
        workers,
      });
      say(`Dashboard:   ${url}/dashboard`, { dashboard: `${url}/dashboard` });
      sayAdminKeyHint(setup.generatedAdminKey, values['data-dir'], say);
    },
  });
}

const serveOptions = { ...serverOptions, workers: { type: 'string' } } as const;

export const serveCommand = defineCommand({
  name: 'serve',
  synopsis: '[--port 8787] [--host 127.0.0.1] [--workers N|auto]',
  summary: 'Runs the server until SIGINT / SIGTERM (needs LATCHKEY_PUBLIC_URL and a key store).',
  details: [
    serverOptionsHelp,
    '  --workers N|auto  server processes sharing the port (default 1, or LATCHKEY_WORKERS; auto: one',
    '                  per core); more than one needs PostgreSQL (DATABASE_URL). Rate limits are shared',
    '                  through Redis (REDIS_URL) or else kept by the primary process for this machine.',
    '',
    'On SIGTERM / SIGINT the server stops accepting, lets requests in flight finish (up to 10 s) and',
    'exits 0. A worker that dies is restarted (after 100 ms, doubling up to 30 s while they keep dying).',
    '',
    'latchkey --help lists the environment variables.',
  ].join('\n'),
  options: serveOptions,
  run: (values) => {
    const text = values.workers ?? process.env.LATCHKEY_WORKERS;
    const workers = workerCount(text);
    if (workers === null)
      throw new CliError(
        `Invalid ${values.workers === undefined ? 'LATCHKEY_WORKERS' : '--workers'} "${text}" ` +
          `(a number from 1 to ${maxWorkers}, or auto)`,
        2,
      );
    if (cluster.isWorker) return startServer(values, { development: false, clusterWorker: true });
    return workers === 1 ? startServer(values, { development: false }) : startPrimary(values, workers);
  },
});
