import { randomBytes } from 'node:crypto';
import { type BenchApp, describeFailure, loginWithEmail } from './bench-app.ts';
import type { HttpClient } from './http-client.ts';
import { Recorder, runFor, type ScenarioRun } from './stats.ts';

/** Logs `count` users in (untimed) and returns their access tokens, one per loop. */
export async function accessTokens(http: HttpClient, app: BenchApp, count: number): Promise<string[]> {
  const run = randomBytes(4).toString('hex');
  const sessions = await Promise.all(
    Array.from({ length: count }, (_, i) => loginWithEmail(http, app, `check-${run}-${i}@example.com`)),
  );
  return sessions.map((s) => s.token!);
}

/**
 * Session checks: each loop sends `GET /api/v1/users/me` with its own access token for `seconds`
 * (what an app's page load asks; Better Auth's counterpart is `get-session`).
 */
export async function sessionCheck(
  http: HttpClient,
  app: BenchApp,
  tokens: string[],
  options: { seconds: number },
): Promise<ScenarioRun> {
  const latency = new Recorder();
  let operations = 0;
  const seconds = await runFor(options.seconds, tokens.length, async (loop) => {
    try {
      const t0 = performance.now();
      const res = await http.request<{ user?: { id: string } }>('GET', '/api/v1/users/me', {
        headers: { ...app.clientHeaders, authorization: `Bearer ${tokens[loop]}` },
      });
      const t1 = performance.now();
      if (res.status !== 200 || !res.body.user?.id) return latency.fail(describeFailure('users/me', res));
      latency.record(t1 - t0);
      operations += 1;
    } catch (error) {
      latency.fail(`network: ${(error as Error).message}`);
    }
  });
  return { seconds, operations, latency };
}
