import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import type { BenchApp } from './bench-app.ts';
import type { HttpClient } from './http-client.ts';
import { clockTicksPerSecond, cpuMillisBetween, snapshotProcessTree } from './process-cpu.ts';
import { Recorder, runFor } from './stats.ts';

/**
 * Server-wallet scenarios (issue 27): wallet creations, and `personal_sign` RPCs on a wallet owned by
 * a 2-of-3 key quorum with a policy attached, each RPC carrying two authorization signatures. The
 * signed request is made once before the clock starts (a signed request may be sent again until its
 * deadline), so the figures are the server's: authorization (two P-256 verifications), the policy
 * engine, opening the sealed key, signing.
 */

export interface WalletScenarioResult {
  seconds: number;
  operations: number;
  latency: Recorder;
  /** Server CPU (its process tree, from /proc) per operation, in ms. */
  cpuMsPerOperation: number;
  /** Whether the signing wallet had a policy (false on a server without the policy engine). */
  withPolicy?: boolean;
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
}

/** The request's authorization signatures, as `@privy-io/node` makes them (WIRE.md §7.4). */
function signatures(url: string, body: unknown, headers: Record<string, string>, keys: KeyObject[]): string {
  const signed: Record<string, string> = {};
  for (const name of ['privy-app-id', 'privy-idempotency-key', 'privy-request-expiry'])
    if (headers[name] !== undefined) signed[name] = headers[name];
  const payload = canonical({ version: 1, method: 'POST', url, body, headers: signed });
  return keys
    .map((key) => sign('sha256', Buffer.from(payload), { key, dsaEncoding: 'der' }).toString('base64'))
    .join(',');
}

async function measure(
  pid: number,
  seconds: number,
  connections: number,
  iteration: (latency: Recorder) => Promise<boolean>,
): Promise<WalletScenarioResult> {
  const latency = new Recorder();
  let operations = 0;
  const before = snapshotProcessTree(pid);
  const elapsed = await runFor(seconds, connections, async () => {
    if (await iteration(latency)) operations++;
  });
  const cpu = cpuMillisBetween(before, snapshotProcessTree(pid), clockTicksPerSecond());
  return {
    seconds: elapsed,
    operations,
    latency,
    cpuMsPerOperation: operations > 0 ? cpu / operations : Number.NaN,
  };
}

/** `POST /v1/wallets {chain_type: 'ethereum'}` in `connections` loops. */
export function walletCreations(
  http: HttpClient,
  app: BenchApp,
  pid: number,
  options: { seconds: number; connections: number },
): Promise<WalletScenarioResult> {
  return measure(pid, options.seconds, options.connections, async (latency) => {
    const t0 = performance.now();
    const res = await http.request<{ address?: string }>('POST', '/v1/wallets', {
      headers: app.serverHeaders,
      body: { chain_type: 'ethereum' },
    });
    if (res.status !== 200 || !res.body.address) {
      latency.fail(`create: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      return false;
    }
    latency.record(performance.now() - t0);
    return true;
  });
}

/** The signing wallet: owned by a 2-of-3 quorum, with an allow-all `personal_sign` policy when the server has policies. */
export async function prepareSigningWallet(
  http: HttpClient,
  app: BenchApp,
  baseUrl: string,
): Promise<{ path: string; body: unknown; headers: Record<string, string>; withPolicy: boolean }> {
  const keys = Array.from({ length: 3 }, () => generateKeyPairSync('ec', { namedCurve: 'P-256' }));
  const quorum = await http.request<{ id?: string }>('POST', '/v1/key_quorums', {
    headers: app.serverHeaders,
    body: {
      public_keys: keys.map((k) => k.publicKey.export({ type: 'spki', format: 'der' }).toString('base64')),
      authorization_threshold: 2,
    },
  });
  if (!quorum.body.id) throw new Error(`creating the quorum failed: ${JSON.stringify(quorum.body)}`);
  const policy = await http.request<{ id?: string }>('POST', '/v1/policies', {
    headers: app.serverHeaders,
    body: {
      version: '1.0',
      name: 'Bench signing',
      chain_type: 'ethereum',
      rules: [{ name: 'Sign messages', method: 'personal_sign', conditions: [], action: 'ALLOW' }],
    },
  });
  const withPolicy = policy.status === 200 && typeof policy.body.id === 'string';
  const wallet = await http.request<{ id?: string }>('POST', '/v1/wallets', {
    headers: app.serverHeaders,
    body: {
      chain_type: 'ethereum',
      owner_id: quorum.body.id,
      ...(withPolicy ? { policy_ids: [policy.body.id] } : {}),
    },
  });
  if (!wallet.body.id) throw new Error(`creating the wallet failed: ${JSON.stringify(wallet.body)}`);
  const path = `/v1/wallets/${wallet.body.id}/rpc`;
  const body = { method: 'personal_sign', params: { message: 'bench', encoding: 'utf-8' } };
  const headers: Record<string, string> = {
    ...app.serverHeaders,
    'privy-request-expiry': String(Date.now() + 60 * 60 * 1000),
  };
  headers['privy-authorization-signature'] = signatures(`${baseUrl}${path}`, body, headers, [
    keys[0]!.privateKey,
    keys[2]!.privateKey,
  ]);
  return { path, body, headers, withPolicy };
}

/** The prepared `personal_sign` RPC in `connections` loops; each answer's signature is checked for shape. */
export async function walletSigns(
  http: HttpClient,
  prepared: Awaited<ReturnType<typeof prepareSigningWallet>>,
  pid: number,
  options: { seconds: number; connections: number },
): Promise<WalletScenarioResult> {
  const result = await measure(pid, options.seconds, options.connections, async (latency) => {
    const t0 = performance.now();
    const res = await http.request<{ data?: { signature?: string } }>('POST', prepared.path, {
      headers: prepared.headers,
      body: prepared.body,
    });
    if (res.status !== 200 || !/^0x[0-9a-f]{130}$/.test(res.body.data?.signature ?? '')) {
      latency.fail(`personal_sign: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      return false;
    }
    latency.record(performance.now() - t0);
    return true;
  });
  return { ...result, withPolicy: prepared.withPolicy };
}
