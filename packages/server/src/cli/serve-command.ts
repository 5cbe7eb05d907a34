import { parseArgs } from 'node:util';
import { assertPublicUrl, createLatchkey, type Latchkey, listen, optionsFromEnv } from '../server.ts';
import { commonOptions } from './common-options.ts';

export const serveOptions = {
  ...commonOptions,
  port: { type: 'string', default: '8787' },
  host: { type: 'string', default: '127.0.0.1' },
} as const;

/** Starts the server and keeps it running until SIGINT / SIGTERM. */
export async function startServer(
  argv: string[],
  mode: { development: boolean },
  onReady?: (latchkey: Latchkey, url: string) => Promise<void>,
): Promise<number> {
  const { values } = parseArgs({ args: argv, options: serveOptions, allowPositionals: false });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Invalid --port "${values.port}"`);
  const options = optionsFromEnv();
  if (mode.development) options.settings = { ...options.settings, development: true };
  assertPublicUrl(options.settings ?? {});
  const latchkey = await createLatchkey({ ...options, dataDir: values['data-dir'] });
  if (latchkey.generatedAdminKey) {
    console.log(`Admin key (shown once, keep it safe): ${latchkey.generatedAdminKey}`);
  }
  const server = await listen(latchkey, { port, host: values.host }).catch(async (error: unknown) => {
    await latchkey.close();
    throw error;
  });
  console.log(`Latchkey listening on ${server.url} (${latchkey.ctx.dialect})`);
  await onReady?.(latchkey, server.url);
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  await latchkey.close();
  return 0;
}

export function serveCommand(argv: string[]): Promise<number> {
  return startServer(argv, { development: false });
}
