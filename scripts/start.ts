/**
 * `npm start`: the Latchkey server in development mode (`latchkey dev`, which creates the development
 * app on first start and keeps its credentials in .latchkey/dev-app.json) and the demo app's Vite dev
 * server on http://127.0.0.1:5173, pointed at it. Extra arguments go to `latchkey dev`
 * (`npm start -- --port 9000`). Ctrl-C stops both; if either stops on its own, the other is stopped too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { writeWalletFrame } from '../packages/wallet-frame/build.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const demoDir = join(root, 'apps/demo');
const demoPort = 5173;

const children = new Set<ChildProcess>();
let stopping = false;
let exitCode = 0;

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) child.kill('SIGTERM');
  // A child that ignores SIGTERM must not keep `npm start` alive.
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
  }, 5000).unref();
}

function track(name: string, child: ChildProcess): void {
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[start] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stopAll(code || 1);
    }
    if (children.size === 0) process.exit(exitCode);
  });
}

/** Copies a child's output line by line with a prefix, handing each line to `onLine` too. */
function pipeLines(
  stream: NodeJS.ReadableStream | null,
  out: NodeJS.WriteStream,
  prefix: string,
  onLine?: (line: string) => void,
) {
  if (!stream) return;
  createInterface({ input: stream }).on('line', (line) => {
    out.write(`${prefix}${line}\n`);
    onLine?.(line);
  });
}

// Ctrl-C reaches the children too (same process group); forwarding covers `kill <pid>` of this process.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => stopAll(0));
}

// The server serves the wallet frame's scripts from packages/wallet-frame/dist; build them first.
await writeWalletFrame();
const server = spawn(
  process.execPath,
  [
    '--conditions=@latchkey/source',
    join(root, 'packages/server/bin/latchkey.ts'),
    'dev',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: process.env },
);
track('server', server);

const ready = new Promise<{ url: string; appId: string }>((resolve) => {
  let url = '';
  pipeLines(server.stdout, process.stdout, '[server] ', (line) => {
    url = /^Latchkey listening on (\S+)/.exec(line)?.[1] ?? url;
    const appId = /^Development app id: (\S+)/.exec(line)?.[1];
    if (appId && url) resolve({ url, appId });
  });
  pipeLines(server.stderr, process.stderr, '[server] ');
});

const { url: apiUrl, appId } = await ready;
if (!stopping) {
  const require = createRequire(join(demoDir, 'package.json'));
  const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');
  const demo = spawn(
    process.execPath,
    [viteBin, '--host', '127.0.0.1', '--port', String(demoPort), '--strictPort', '--clearScreen', 'false'],
    {
      cwd: demoDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, VITE_LATCHKEY_APP_ID: appId, VITE_LATCHKEY_API_URL: apiUrl },
    },
  );
  track('demo', demo);
  let announced = false;
  pipeLines(demo.stdout, process.stdout, '[demo]   ', (line) => {
    if (announced || !/Local:/.test(line)) return;
    announced = true;
    console.log('');
    console.log(`  Latchkey server  ${apiUrl}  (app ${appId})`);
    console.log(
      `  Demo app         http://127.0.0.1:${demoPort}/  (passkeys: http://localhost:${demoPort}/)`,
    );
    console.log('  Codes sent by email or SMS are printed above as [server] dev outbox lines.');
    console.log('  Press Ctrl-C to stop both.');
    console.log('');
  });
  pipeLines(demo.stderr, process.stderr, '[demo]   ');
}
