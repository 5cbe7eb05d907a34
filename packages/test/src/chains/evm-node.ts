import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { jsonRpc } from './json-rpc.ts';

/** A Hardhat 2 node on 127.0.0.1 (chain id 31337 by default), started for one test file or by `npm start`. */
export interface EvmNode {
  url: string;
  chainId: number;
  /**
   * One JSON-RPC call to the node (its unlocked accounts, `hardhat_*` methods): the result, or an
   * Error naming the method with the node's message.
   *
   * @example
   * const [funder] = (await node.rpc('eth_accounts')) as string[];
   */
  rpc(method: string, params?: unknown[]): Promise<unknown>;
  /** Settles with the exit code once the node has stopped (by `stop()` or by itself). */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const config = fileURLToPath(new URL('../../fixtures/hardhat/hardhat.config.cjs', import.meta.url));

export interface EvmNodeOptions {
  /** The loopback port; 0 (the default) takes a free one. `npm start` uses Hardhat's usual 8545. */
  port?: number;
  /** Gets each line the node logs (`npm start` prints them); by default the log is dropped. */
  onLog?: (line: string) => void;
  /**
   * The chain id `eth_chainId` answers and transactions are signed for; default Hardhat's 31337.
   * 10 makes the node stand in for OP Mainnet, where Farcaster's registries live (farcaster-chain.ts).
   */
  chainId?: number;
}

/**
 * Starts `hardhat node` on a loopback port and resolves once it listens. Offline: the config has
 * no Solidity sources, so nothing is compiled or downloaded. `stop()` kills the process; `exited`
 * settles if the node stops by itself.
 */
export async function startEvmNode(options: EvmNodeOptions = {}): Promise<EvmNode> {
  const chainId = options.chainId ?? 31337;
  if (!Number.isSafeInteger(chainId) || chainId < 1)
    throw new Error(`chainId must be a positive integer: ${chainId}`);
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'node', '--hostname', '127.0.0.1', '--port', String(options.port ?? 0), '--config', config],
    {
      // The config reads the chain id from the environment: one config for every id.
      env: {
        ...process.env,
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        CI: 'true',
        LATCHKEY_HARDHAT_CHAIN_ID: String(chainId),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`hardhat node did not start in 30 s:\n${output}`));
    }, 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /JSON-RPC server at (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        // Started: the log is no longer kept (a long-running node logs every request).
        child.stdout!.off('data', onData);
        child.stderr!.off('data', onData);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`hardhat node exited with ${code}:\n${output}`));
    });
  });
  // Keep draining its log so the pipe never fills and blocks the node.
  const { onLog } = options;
  if (onLog) {
    for (const stream of [child.stdout!, child.stderr!])
      createInterface({ input: stream }).on('line', (line) => onLog(line));
  } else {
    child.stdout!.resume();
    child.stderr!.resume();
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    url,
    chainId,
    exited,
    rpc: (method, params = []) => jsonRpc(url, method, params),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
