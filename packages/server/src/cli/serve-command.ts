import { createServer } from 'node:net';
import type { Latchkey } from '../server.ts';
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

/** Starts the server and keeps it running until SIGINT / SIGTERM. */
export async function startServer(
  values: Values<typeof serverOptions>,
  mode: { development: boolean },
  onReady?: (latchkey: Latchkey, url: string, say: (text: string, json: object) => void) => Promise<void>,
): Promise<number> {
  if (!/^\d{1,5}$/.test(values.port) || Number(values.port) > 65535)
    throw new CliError(`Invalid --port "${values.port}" (a number from 0 to 65535)`, 2);
  const port = Number(values.port);
  // Loaded here, not at the top: `--help` never loads the server.
  const { assertPublicUrl, createLatchkey, listen, optionsFromEnv } = await import('../server.ts');
  const say = (text: string, json: object) => console.log(values.json ? JSON.stringify(json) : text);
  const options = optionsFromEnv();
  if (mode.development) options.settings = { ...options.settings, development: true };
  assertPublicUrl(options.settings ?? {});
  await assertPortFree(port, values.host);
  const latchkey = await createLatchkey({ ...options, dataDir: values['data-dir'] });
  if (latchkey.generatedAdminKey)
    say(`Admin key (shown once, keep it safe): ${latchkey.generatedAdminKey}`, {
      admin_key: latchkey.generatedAdminKey,
      shown_once: true,
    });
  const server = await listen(latchkey, { port, host: values.host }).catch(async (error: unknown) => {
    await latchkey.close();
    throw listenError(error, port, values.host);
  });
  say(`Latchkey listening on ${server.url} (${latchkey.ctx.dialect})`, {
    listening: server.url,
    database: latchkey.ctx.dialect,
  });
  await onReady?.(latchkey, server.url, say);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  await latchkey.close();
  return 0;
}

export const serveCommand = defineCommand({
  name: 'serve',
  synopsis: '[--port 8787] [--host 127.0.0.1]',
  summary: 'Runs the server until SIGINT / SIGTERM (needs LATCHKEY_PUBLIC_URL and a key store).',
  details: `${serverOptionsHelp}\n\nlatchkey --help lists the environment variables.`,
  options: serverOptions,
  run: (values) => startServer(values, { development: false }),
});
