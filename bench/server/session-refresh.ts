import { randomBytes } from 'node:crypto';
import { type AuthBody, type BenchApp, describeFailure, loginWithEmail } from './bench-app.ts';
import type { HttpClient } from './http-client.ts';
import { Recorder, runFor } from './stats.ts';

export interface SessionRefreshResult {
  seconds: number;
  refreshes: number;
  latency: Recorder;
}

/** Logs `count` users in (untimed) and returns their refresh tokens, one per loop. */
export async function loginUsers(http: HttpClient, app: BenchApp, count: number): Promise<string[]> {
  const run = randomBytes(4).toString('hex');
  const sessions = await Promise.all(
    Array.from({ length: count }, (_, i) => loginWithEmail(http, app, `refresh-${run}-${i}@example.com`)),
  );
  return sessions.map((s) => s.refresh_token!);
}

/**
 * Scenario (b): each loop refreshes its own session for `seconds`, always with the newest refresh
 * token (tokens rotate on every use). A loop whose session breaks logs in again, untimed.
 */
export async function sessionRefresh(
  http: HttpClient,
  app: BenchApp,
  refreshTokens: string[],
  options: { seconds: number },
): Promise<SessionRefreshResult> {
  const latency = new Recorder();
  let refreshes = 0;
  let relogins = 0;
  const seconds = await runFor(options.seconds, refreshTokens.length, async (loop) => {
    try {
      const t0 = performance.now();
      const res = await http.request<AuthBody>('POST', '/api/v1/sessions', {
        headers: app.clientHeaders,
        body: { refresh_token: refreshTokens[loop] },
      });
      const t1 = performance.now();
      if (res.status === 200 && res.body.session_update_action === 'set' && res.body.refresh_token) {
        refreshTokens[loop] = res.body.refresh_token;
        latency.record(t1 - t0);
        refreshes += 1;
        return;
      }
      latency.fail(describeFailure('refresh', res));
    } catch (error) {
      latency.fail(`network: ${(error as Error).message}`);
    }
    try {
      const fresh = await loginWithEmail(
        http,
        app,
        `relogin-${loop}-${relogins++}-${Date.now()}@example.com`,
      );
      refreshTokens[loop] = fresh.refresh_token!;
    } catch (error) {
      latency.fail(`re-login: ${(error as Error).message}`);
    }
  });
  return { seconds, refreshes, latency };
}
