import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** A Hardhat 2 node on 127.0.0.1 (chain id 31337), started for one test file. */
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
  stop(): Promise<void>;
}

const config = fileURLToPath(new URL('../../fixtures/hardhat/hardhat.config.cjs', import.meta.url));

/**
 * Starts `hardhat node` on a free loopback port and resolves once it listens. Offline: the config
 * has no Solidity sources, so nothing is compiled or downloaded. `stop()` kills the process.
 */
export async function startEvmNode(): Promise<EvmNode> {
  const cli = createRequire(import.meta.url).resolve('hardhat/internal/cli/cli.js');
  const child: ChildProcess = spawn(
    process.execPath,
    [cli, 'node', '--hostname', '127.0.0.1', '--port', '0', '--config', config],
    {
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', CI: 'true' },
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
  child.stdout!.resume();
  child.stderr!.resume();
  return {
    url,
    chainId: 31337,
    async rpc(method, params = []) {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      });
      const body = (await response.json()) as { result?: unknown; error?: { message: string } };
      if (body.error) throw new Error(`${method}: ${body.error.message}`);
      return body.result;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
