import { type TestServer, testAdminKey } from '@latchkey/test/server';

/** A JSON answer as the admin and server-wallet tests read it. */
export type Json = Record<string, unknown> & {
  data?: Record<string, unknown>[];
  items?: Record<string, unknown>[];
  code?: string;
  error?: string;
};

async function answer(response: Response) {
  return { status: response.status, body: (await response.json()) as Json };
}

/**
 * Calls to one app's admin routes (`/admin/v1/apps/:id…`, the admin key) and to its server routes
 * (`/api/v1…`, Basic app id + secret), for the tests of both. `raw` sends a body as is (malformed JSON).
 * `of` is read at each call: the server and app are made in a `beforeAll`.
 */
export function appCallers(of: () => { t: TestServer; appId: string; secret: string }) {
  const admin = async (method: string, path: string, body?: unknown, raw?: string) => {
    const { t, appId } = of();
    return answer(
      await t.fetch(`/admin/v1/apps/${appId}${path}`, {
        method,
        headers: { authorization: `Bearer ${testAdminKey}`, 'content-type': 'application/json' },
        body: raw ?? (body === undefined ? null : JSON.stringify(body)),
      }),
    );
  };
  const server = async (method: string, path: string, body?: unknown) => {
    const { t, appId, secret } = of();
    return answer(
      await t.fetch(`/api/v1${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
          'privy-app-id': appId,
          'content-type': 'application/json',
        },
        body: body === undefined ? null : JSON.stringify(body),
      }),
    );
  };
  return { admin, server };
}
