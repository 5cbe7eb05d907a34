import { randomBytes } from 'node:crypto';
import type { HttpClient, JsonResponse } from '../http-client.ts';
import { Recorder, runFor, type ScenarioRun } from '../stats.ts';

interface SignInBody {
  token?: string;
  user?: { id: string };
}

/** `POST /api/auth/email-otp/send-verification-otp` for a sign-in code. */
function sendOtp(http: HttpClient, email: string) {
  return http.request('POST', '/api/auth/email-otp/send-verification-otp', {
    body: { email, type: 'sign-in' },
  });
}

/** The code `sendVerificationOTP` was handed for `email`, from the bench-only route (harness, untimed). */
async function readOtp(http: HttpClient, email: string): Promise<string | null> {
  const res = await http.request<{ otp?: string }>('GET', `/bench/otp?email=${encodeURIComponent(email)}`);
  return res.body.otp ?? null;
}

/** `POST /api/auth/sign-in/email-otp`: signs the user in, signing up a new email first. */
function signIn(http: HttpClient, email: string, otp: string) {
  return http.request<SignInBody>('POST', '/api/auth/sign-in/email-otp', { body: { email, otp } });
}

/** The `name=value` of the session cookie a sign-in set, or null. */
export function sessionCookie(res: JsonResponse<unknown>): string | null {
  const cookie = res.headers['set-cookie']?.find((c) => /^(__Secure-)?better-auth\.session_token=/.test(c));
  return cookie?.split(';')[0] ?? null;
}

function failure(step: string, res: JsonResponse<unknown>): string {
  const body = res.body as { code?: string; message?: string };
  return `${step}: ${res.status} ${body.code ?? ''} ${body.message ?? ''}`.trim();
}

/**
 * Email logins, every one a sign-up: `connections` loops each send a code to a fresh address, read
 * it, and sign in, for `seconds`. Only the send and sign-in calls are timed.
 */
export async function betterAuthLogin(
  http: HttpClient,
  options: { seconds: number; connections: number },
): Promise<ScenarioRun> {
  const run = randomBytes(4).toString('hex');
  const latency = new Recorder();
  let operations = 0;
  let next = 0;
  const seconds = await runFor(options.seconds, options.connections, async () => {
    const email = `ba-${run}-${next++}@example.com`;
    try {
      const t0 = performance.now();
      const sent = await sendOtp(http, email);
      const t1 = performance.now();
      if (sent.status !== 200) return latency.fail(failure('send-verification-otp', sent));
      const otp = await readOtp(http, email);
      if (!otp) return latency.fail('bench outbox: no code');
      const t2 = performance.now();
      const signedIn = await signIn(http, email, otp);
      const t3 = performance.now();
      if (signedIn.status !== 200 || !signedIn.body.token || !sessionCookie(signedIn))
        return latency.fail(failure('sign-in/email-otp', signedIn));
      latency.record(t1 - t0 + (t3 - t2));
      operations += 1;
    } catch (error) {
      latency.fail(`network: ${(error as Error).message}`);
    }
  });
  return { seconds, operations, latency };
}

/** Signs `count` fresh users in (untimed) and returns their session cookies. */
export async function betterAuthSessions(http: HttpClient, count: number): Promise<string[]> {
  const run = randomBytes(4).toString('hex');
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `ba-session-${run}-${i}@example.com`;
      const sent = await sendOtp(http, email);
      if (sent.status !== 200) throw new Error(failure('send-verification-otp', sent));
      const otp = await readOtp(http, email);
      if (!otp) throw new Error(`no code for ${email}`);
      const signedIn = await signIn(http, email, otp);
      const cookie = sessionCookie(signedIn);
      if (signedIn.status !== 200 || !cookie) throw new Error(failure('sign-in/email-otp', signedIn));
      return cookie;
    }),
  );
}

/** Session checks: each loop sends `GET /api/auth/get-session` with its own session cookie for `seconds`. */
export async function betterAuthSessionCheck(
  http: HttpClient,
  cookies: string[],
  options: { seconds: number },
): Promise<ScenarioRun> {
  const latency = new Recorder();
  let operations = 0;
  const seconds = await runFor(options.seconds, cookies.length, async (loop) => {
    try {
      const t0 = performance.now();
      const res = await http.request<{ session?: { userId: string } } | null>(
        'GET',
        '/api/auth/get-session',
        {
          headers: { cookie: cookies[loop]! },
        },
      );
      const t1 = performance.now();
      if (res.status !== 200 || !res.body?.session?.userId) return latency.fail(failure('get-session', res));
      latency.record(t1 - t0);
      operations += 1;
    } catch (error) {
      latency.fail(`network: ${(error as Error).message}`);
    }
  });
  return { seconds, operations, latency };
}
