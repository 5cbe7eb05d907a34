/**
 * Webhook verification: payloads signed in the test with the `standardwebhooks` library (what the
 * Latchkey server signs with, and Svix's scheme), in both header spellings, and every way a delivery
 * can be wrong or forged.
 */
import { randomBytes } from 'node:crypto';
import {
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventType,
  WebhookVerificationError,
  webhookEventTypes,
} from '@latchkey/node';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const secret = newSecret();

const user = {
  id: 'did:privy:cm0000000000000000000000a',
  created_at: 1_700_000_000,
  has_accepted_terms: false,
  is_guest: false,
  linked_accounts: [
    {
      type: 'email',
      address: 'ada@example.com',
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    },
  ],
  mfa_methods: [],
};

/** A delivery as the server sends it: compact JSON, Svix headers, signed now (or at `at`). */
function delivery(
  event: Record<string, unknown>,
  options: { secret?: string; at?: Date; id?: string } = {},
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify(event);
  const id = options.id ?? `msg_${randomBytes(8).toString('hex')}`;
  const at = options.at ?? new Date();
  const signature = new Webhook(options.secret ?? secret).sign(id, at, body);
  return {
    body,
    headers: {
      'svix-id': id,
      'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
      'svix-signature': signature,
    },
  };
}

function failure(run: () => unknown): WebhookVerificationError {
  try {
    run();
  } catch (error) {
    return error as WebhookVerificationError;
  }
  throw new Error('expected verifyWebhook to throw');
}

describe('verifyWebhook', () => {
  it('returns the typed event of a genuine delivery (svix-* headers)', () => {
    const { body, headers } = delivery({ type: 'user.created', user });
    const event: WebhookEvent = verifyWebhook(body, headers, secret);
    expect(event).toEqual({ type: 'user.created', user });
    if (event.type === 'user.created') expect(event.user.id).toBe(user.id);
    else throw new Error('narrowing');
  });

  it('reads the webhook-* spelling, a fetch Headers, bytes, and node:http header casing', () => {
    const { body, headers } = delivery({ type: 'mfa.enabled', user_id: user.id, method: 'totp' });
    const standard = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.replace('svix-', 'webhook-'), value]),
    );
    expect(verifyWebhook(body, standard, secret)).toMatchObject({ type: 'mfa.enabled', method: 'totp' });
    expect(verifyWebhook(body, new Headers(headers), secret).type).toBe('mfa.enabled');
    expect(verifyWebhook(Buffer.from(body), headers, secret).type).toBe('mfa.enabled');
    const upper = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]),
    );
    expect(verifyWebhook(new TextEncoder().encode(body), upper, secret).type).toBe('mfa.enabled');
  });

  it('accepts each event type Latchkey sends', () => {
    // Each type the server sends has its typed event in the union (a compile error otherwise).
    const covered: [Exclude<WebhookEventType, WebhookEvent['type']>] extends [never] ? true : never = true;
    expect(covered).toBe(true);
    for (const type of webhookEventTypes) {
      const { body, headers } = delivery({ type, user_id: user.id });
      expect(verifyWebhook(body, headers, secret).type).toBe(type);
    }
  });

  it('refuses the wrong secret', () => {
    const { body, headers } = delivery({ type: 'user.created', user }, { secret: newSecret() });
    const error = failure(() => verifyWebhook(body, headers, secret));
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error.message).toMatch(/signature/i);
    expect(error.message).not.toContain(secret.slice(6));
  });

  it('takes the current and the next secret during a rotation', () => {
    const next = newSecret();
    const signedWithNext = delivery({ type: 'user.created', user }, { secret: next });
    expect(verifyWebhook(signedWithNext.body, signedWithNext.headers, [secret, next]).type).toBe(
      'user.created',
    );
    expect(() => verifyWebhook(signedWithNext.body, signedWithNext.headers, [secret])).toThrow(
      WebhookVerificationError,
    );
  });

  it('refuses a stale or future timestamp (replay)', () => {
    const stale = delivery({ type: 'user.created', user }, { at: new Date(Date.now() - 10 * 60_000) });
    expect(failure(() => verifyWebhook(stale.body, stale.headers, secret)).message).toMatch(/too old/);
    const future = delivery({ type: 'user.created', user }, { at: new Date(Date.now() + 10 * 60_000) });
    expect(failure(() => verifyWebhook(future.body, future.headers, secret)).message).toMatch(/too new/);
    // A fresh timestamp header on the old signature does not help: the timestamp is signed.
    const replayed = { ...stale.headers, 'svix-timestamp': String(Math.floor(Date.now() / 1000)) };
    expect(() => verifyWebhook(stale.body, replayed, secret)).toThrow(WebhookVerificationError);
  });

  it('refuses a tampered body, id or signature', () => {
    const { body, headers } = delivery({ type: 'user.created', user });
    const tampered = body.replace('ada@example.com', 'eve@example.com');
    expect(() => verifyWebhook(tampered, headers, secret)).toThrow(WebhookVerificationError);
    // Re-serialised with other spacing: not the signed bytes.
    expect(() => verifyWebhook(JSON.stringify(JSON.parse(body), null, 1), headers, secret)).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(body, { ...headers, 'svix-id': 'msg_other' }, secret)).toThrow(
      WebhookVerificationError,
    );
    expect(() => verifyWebhook(body, { ...headers, 'svix-signature': 'v1,AAAA' }, secret)).toThrow(
      WebhookVerificationError,
    );
    expect(() =>
      verifyWebhook(
        body,
        { ...headers, 'svix-signature': headers['svix-signature']!.replace('v1,', 'v2,') },
        secret,
      ),
    ).toThrow(WebhookVerificationError);
  });

  it('refuses missing or mixed headers', () => {
    const { body, headers } = delivery({ type: 'user.created', user });
    for (const name of Object.keys(headers)) {
      const without = { ...headers };
      delete without[name];
      expect(failure(() => verifyWebhook(body, without, secret)).message, name).toMatch(/Missing/);
    }
    const mixed = {
      'svix-id': headers['svix-id']!,
      'webhook-timestamp': headers['svix-timestamp']!,
      'webhook-signature': headers['svix-signature']!,
    };
    expect(() => verifyWebhook(body, mixed, secret)).toThrow(WebhookVerificationError);
    // A duplicated header (node:http gives an array) is ambiguous: refused.
    expect(() =>
      verifyWebhook(body, { ...headers, 'svix-signature': [headers['svix-signature']!, 'v1,AAAA'] }, secret),
    ).toThrow(WebhookVerificationError);
  });

  it('refuses a signed body that is not a Latchkey event', () => {
    for (const event of ['[1,2]', '"text"', '{"no_type":true}']) {
      const id = 'msg_1';
      const at = new Date();
      const headers = {
        'svix-id': id,
        'svix-timestamp': String(Math.floor(at.getTime() / 1000)),
        'svix-signature': new Webhook(secret).sign(id, at, event),
      };
      expect(() => verifyWebhook(event, headers, secret), event).toThrow(WebhookVerificationError);
    }
  });

  it('needs the raw body and a secret (programming errors are TypeErrors)', () => {
    const { body, headers } = delivery({ type: 'user.created', user });
    expect(() => verifyWebhook(JSON.parse(body) as unknown as string, headers, secret)).toThrow(
      /raw request body/,
    );
    expect(() => verifyWebhook(body, headers, '')).toThrow(TypeError);
    expect(() => verifyWebhook(body, headers, [])).toThrow(TypeError);
  });
});
