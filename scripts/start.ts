/**
 * `npm start`: everything the demo needs, on 127.0.0.1:
 * - the Latchkey server in development mode (`latchkey dev`, which creates the development app on
 *   first start and keeps its credentials in .latchkey/dev-app.json), on 8787;
 * - a local EVM chain (a Hardhat node, chain 31337) on 8545 and a local Solana cluster (the litesvm
 *   JSON-RPC shim) on 8899: the same modules the e2e tests start (`@latchkey/test/chains`);
 * - the demo app's Vite dev server on 5173, pointed at the server and at both chains.
 *
 * Ports: `--demo-port N`, `--evm-port N`, `--solana-port N` (or LATCHKEY_DEMO_PORT,
 * LATCHKEY_EVM_PORT, LATCHKEY_SOLANA_PORT); every other argument goes to `latchkey dev`
 * (`npm start -- --port 9000 --data-dir /tmp/lk`). Ctrl-C stops everything; if any part stops on
 * its own, the rest is stopped too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { type EvmNode, type SolanaRpc, startEvmNode, startSolanaRpc } from '@latchkey/test/chains';
import { writeWalletFrame } from '../packages/wallet-frame/build.ts';
import { busyPorts } from './start-ports.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const demoDir = join(root, 'apps/demo');

/** Takes `--name N` out of `args` (so it does not reach `latchkey dev`), else the env, else `fallback`. */
function takePort(args: string[], name: string, env: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const raw = at >= 0 ? args.splice(at, 2)[1] : process.env[env];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,5}$/.test(raw) || Number(raw) > 65535) {
    console.error(`[start] --${name} / ${env} must be a port number, not "${raw}"`);
    process.exit(2);
  }
  return Number(raw);
}

const serverArgs = process.argv.slice(2);
const demoPort = takePort(serverArgs, 'demo-port', 'LATCHKEY_DEMO_PORT', 5173);
const evmPort = takePort(serverArgs, 'evm-port', 'LATCHKEY_EVM_PORT', 8545);
const solanaPort = takePort(serverArgs, 'solana-port', 'LATCHKEY_SOLANA_PORT', 8899);
const demoOrigin = `http://127.0.0.1:${demoPort}`;

// Every port is tried before anything starts, so a busy one (often another `npm start`) is one line
// naming the flag that moves it, rather than a stack from whichever part reached it first.
const serverPortAt = serverArgs.indexOf('--port');
const busy = await busyPorts([
  {
    port: Number(serverPortAt >= 0 ? serverArgs[serverPortAt + 1] : 8787),
    part: 'the Latchkey server',
    flag: '--port',
  },
  { port: evmPort, part: 'the EVM node', flag: '--evm-port' },
  { port: solanaPort, part: 'the Solana RPC', flag: '--solana-port' },
  { port: demoPort, part: 'the demo app', flag: '--demo-port' },
]);
for (const { port, part, flag } of busy)
  console.error(
    `[start] port ${port} (${part}) is in use: stop the other process (another npm start?) or pass ${flag} N`,
  );
if (busy.length > 0) {
  console.error(`[start] e.g. npm start -- ${busy.map((b) => `${b.flag} ${b.port + 1000}`).join(' ')}`);
  process.exit(1);
}

const children = new Set<ChildProcess>();
let evm: EvmNode | null = null;
let solana: SolanaRpc | null = null;
let stopping = false;
let exitCode = 0;

function exitWhenDone(): void {
  if (stopping && children.size === 0 && !evm) {
    void (solana?.close() ?? Promise.resolve()).finally(() => process.exit(exitCode));
  }
}

function stopAll(code: number): void {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  for (const child of children) child.kill('SIGTERM');
  void evm?.stop();
  // A child that ignores SIGTERM must not keep `npm start` alive.
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(exitCode);
  }, 5000).unref();
  exitWhenDone();
}

function track(name: string, child: ChildProcess): void {
  children.add(child);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping) {
      console.error(`[start] ${name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stopAll(code || 1);
    }
    exitWhenDone();
  });
}

/** A line without its ANSI colour codes (ESC [ … m). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the escape character is what is removed
const withoutColours = (line: string) => line.replace(/\u001b\[[0-9;]*m/g, '');

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

/** Starts a part that lives in this process or is not a plain child; a failure stops everything. */
async function startPart<T>(name: string, start: () => Promise<T>): Promise<T | null> {
  try {
    return await start();
  } catch (error) {
    console.error(`[start] ${name} did not start: ${(error as Error).message}`);
    stopAll(1);
    return null;
  }
}

// The local chains first: the demo is pointed at them. Of Hardhat's log (its published accounts,
// every request) only errors are shown.
evm = await startPart('EVM node', () =>
  startEvmNode({
    port: evmPort,
    onLog: (line) => {
      if (/error/i.test(line)) console.log(`[evm]    ${line}`);
    },
  }),
);
evm?.exited.then((code) => {
  evm = null;
  if (!stopping) {
    console.error(`[start] EVM node stopped (exit code ${code}); stopping the rest.`);
    stopAll(code || 1);
  }
  exitWhenDone();
});
solana = stopping ? null : await startPart('Solana RPC', () => startSolanaRpc({ port: solanaPort }));

// The server serves the wallet frame's scripts from packages/wallet-frame/dist; build them first.
if (!stopping) await writeWalletFrame();
if (!stopping) {
  const server = spawn(
    process.execPath,
    [
      '--conditions=@latchkey/source',
      join(root, 'packages/server/bin/latchkey.ts'),
      'dev',
      '--origin',
      demoOrigin,
      '--origin',
      `http://localhost:${demoPort}`,
      ...serverArgs,
    ],
    // The server's output is piped: it shows codes in colour only when told this terminal has them.
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1', ...process.env } : process.env,
    },
  );
  track('server', server);

  const ready = new Promise<{ url: string; appId: string; dashboard: string }>((resolve) => {
    let url = '';
    let dashboard = '';
    pipeLines(server.stdout, process.stdout, '[server] ', (line) => {
      url = /^Latchkey listening on (\S+)/.exec(line)?.[1] ?? url;
      dashboard = /^Dashboard: +(\S+)/.exec(line)?.[1] ?? dashboard;
      const appId = /^Development app id: (\S+)/.exec(line)?.[1];
      if (appId && url) resolve({ url, appId, dashboard });
    });
    pipeLines(server.stderr, process.stderr, '[server] ');
  });

  const { url: apiUrl, appId, dashboard } = await ready;
  if (!stopping && evm && solana) {
    const require = createRequire(join(demoDir, 'package.json'));
    const viteBin = join(dirname(require.resolve('vite/package.json')), 'bin/vite.js');
    const demo = spawn(
      process.execPath,
      [viteBin, '--host', '127.0.0.1', '--port', String(demoPort), '--strictPort', '--clearScreen', 'false'],
      {
        cwd: demoDir,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: {
          ...process.env,
          VITE_LATCHKEY_APP_ID: appId,
          VITE_LATCHKEY_API_URL: apiUrl,
          VITE_LATCHKEY_EVM_RPC_URL: evm.url,
          VITE_LATCHKEY_SOLANA_RPC_URL: solana.url,
          VITE_LATCHKEY_FUND_LOCAL: '1',
        },
      },
    );
    track('demo', demo);
    let announced = false;
    pipeLines(demo.stdout, process.stdout, '[demo]   ', (line) => {
      // Vite colours its lines when it thinks a terminal or CI is watching (picocolors reads `CI`).
      if (announced || !/Local:/.test(withoutColours(line))) return;
      announced = true;
      console.log('');
      console.log(`  Latchkey server  ${apiUrl}  (app ${appId})`);
      console.log(`  Dashboard        ${dashboard}`);
      console.log('                   (a one-time login link; every start prints a new one)');
      console.log(`  Demo app         ${demoOrigin}/  (passkeys: http://localhost:${demoPort}/)`);
      console.log(`  EVM chain 31337  ${evm?.url}  (Hardhat)`);
      console.log(`  Solana localnet  ${solana?.url}  (litesvm)`);
      console.log('  Login codes sent by email or SMS print as [server] ✉ Code … lines as they are sent.');
      console.log('  Request lines: LATCHKEY_ACCESS_LOG=on npm start. Press Ctrl-C to stop everything.');
      console.log(`[start] ready: ${demoOrigin}/`);
      console.log('');
    });
    pipeLines(demo.stderr, process.stderr, '[demo]   ');
  }
}
