import { openApiDocument } from '@latchkey/protocol/openapi';
import { describe, expect, it } from 'vitest';
import { curlFor, matches, readReference } from './api-reference.ts';

describe("the API reference's reading of the OpenAPI document", () => {
  const reference = readReference(
    openApiDocument({
      serverUrl: 'https://auth.example.com',
      requestBodies: {
        'POST /api/v1/passwordless/init': {
          type: 'object',
          properties: { email: { type: 'string' }, token: { type: 'string' } },
          required: ['email'],
        },
      },
    }) as Record<string, unknown>,
  );
  const find = (id: string) =>
    reference.areas.flatMap((area) => area.operations).find((op) => op.id === id) ?? null;

  it('groups every operation by its area, in the areas order', () => {
    expect(reference.areas.length).toBeGreaterThan(3);
    expect(reference.areas.every((area) => area.operations.length > 0)).toBe(true);
    expect(reference.serverUrl).toBe('https://auth.example.com');
  });

  it("reads an operation's auth, body fields and errors", () => {
    const init = find('POST /api/v1/passwordless/init');
    expect(init).toMatchObject({
      auth: ['appId'],
      body: [
        { name: 'email', type: 'string', required: true },
        { name: 'token', type: 'string', required: false },
      ],
    });
    expect(init?.errors.map((e) => e.code)).toEqual([
      'invalid_data',
      'missing_or_invalid_privy_app_id',
      'invalid_origin',
      'too_many_requests',
    ]);
  });

  it('builds a curl with the server URL, the app id and an allowed origin', () => {
    const init = find('POST /api/v1/passwordless/init')!;
    expect(
      curlFor(init, {
        baseUrl: 'https://auth.example.com',
        appIdHeader: reference.appIdHeader,
        appId: 'a'.repeat(25),
        origin: 'http://localhost:3000',
      }),
    ).toBe(
      [
        "curl -X POST 'https://auth.example.com/api/v1/passwordless/init'",
        `-H 'privy-app-id: ${'a'.repeat(25)}'`,
        "-H 'Origin: http://localhost:3000'",
        "-H 'content-type: application/json'",
        `-d '{"email":""}'`,
      ].join(' \\\n  '),
    );
    const admin = find('GET /admin/v1/apps/{id}')!;
    expect(curlFor(admin, { baseUrl: 'http://x', appIdHeader: 'h', appId: 'app', origin: null })).toBe(
      "curl 'http://x/admin/v1/apps/app' \\\n  -H 'Authorization: Bearer <admin key>'",
    );
  });

  it('filters by every word of the filter', () => {
    const init = find('POST /api/v1/passwordless/init')!;
    expect(matches(init, 'Email', 'post email')).toBe(true);
    expect(matches(init, 'Email', 'get email')).toBe(false);
  });
});
