import type { HttpClient, JsonResponse } from './http-client.ts';

export const benchOrigin = 'http://bench.test';

export interface BenchApp {
  id: string;
  /** Headers of a browser client of the app. */
  clientHeaders: Record<string, string>;
  /** Headers of a server caller (Basic auth with the app secret). */
  serverHeaders: Record<string, string>;
}

export interface AuthBody {
  token: string | null;
  refresh_token: string | null;
  session_update_action: string;
  code?: string;
}

/** Creates the bench app through the admin API: production (no user limit), bench origin allowed. */
export async function createBenchApp(http: HttpClient, adminKey: string): Promise<BenchApp> {
  const res = await http.request<{ id: string; secret: string }>('POST', '/admin/v1/apps', {
    headers: { authorization: `Bearer ${adminKey}` },
    body: { name: 'Bench', allowed_domains: [benchOrigin], environment: 'production' },
  });
  if (res.status !== 200)
    throw new Error(`creating the app failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { id, secret } = res.body;
  return {
    id,
    clientHeaders: { 'privy-app-id': id, origin: benchOrigin },
    serverHeaders: {
      'privy-app-id': id,
      authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
    },
  };
}

/** `POST /passwordless/init`. */
export function sendEmailCode(http: HttpClient, app: BenchApp, email: string): Promise<JsonResponse> {
  return http.request('POST', '/api/v1/passwordless/init', { headers: app.clientHeaders, body: { email } });
}

/** Reads the newest code for `email` from the server's dev outbox (harness only, never timed). */
export async function readEmailCode(http: HttpClient, app: BenchApp, email: string): Promise<string | null> {
  const res = await http.request<{ data?: { text: string }[] }>(
    'GET',
    `/api/v1/apps/${app.id}/dev_outbox?to=${encodeURIComponent(email)}`,
    { headers: app.serverHeaders },
  );
  return res.body.data?.[0]?.text.match(/\b(\d{6})\b/)?.[1] ?? null;
}

/** `POST /passwordless/authenticate`. */
export function enterEmailCode(
  http: HttpClient,
  app: BenchApp,
  email: string,
  code: string,
): Promise<JsonResponse<AuthBody>> {
  return http.request<AuthBody>('POST', '/api/v1/passwordless/authenticate', {
    headers: app.clientHeaders,
    body: { email, code },
  });
}

/** An untimed email login (setup for the refresh scenario); throws on failure. */
export async function loginWithEmail(http: HttpClient, app: BenchApp, email: string): Promise<AuthBody> {
  const init = await sendEmailCode(http, app, email);
  if (init.status !== 200) throw new Error(`init failed: ${init.status} ${JSON.stringify(init.body)}`);
  const code = await readEmailCode(http, app, email);
  if (!code) throw new Error(`no code in the dev outbox for ${email}`);
  const auth = await enterEmailCode(http, app, email, code);
  if (auth.status !== 200 || !auth.body.refresh_token)
    throw new Error(`authenticate failed: ${auth.status} ${JSON.stringify(auth.body)}`);
  return auth.body;
}

/** A short description of a failed response, for the error samples. */
export function describeFailure(step: string, res: JsonResponse<unknown>): string {
  const body = res.body as { code?: string; error?: string; session_update_action?: string };
  return `${step}: ${res.status} ${body.code ?? body.session_update_action ?? ''} ${body.error ?? ''}`.trim();
}
