import {
  type AuthBody,
  dialects,
  startTestServer,
  type TestClient,
  type TestServer,
} from '@latchkey/test/server';
import { type SmtpListener, startSmtpListener } from '@latchkey/test/stand-ins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpDelivery } from '../../src/delivery/smtp.ts';

const victim = 'victim@example.com';

/** Addresses a mail library could read as another recipient, or that are not plain mailboxes. */
const refused = [
  `x<${victim}`,
  `a,${victim}`,
  `a;${victim}`,
  `Evil <${victim}>`,
  `"Evil" <${victim}>`,
  `${victim}, attacker@example.com`,
  `"a,b"@example.com`,
  'a b@example.com',
  'a\tb@example.com',
  `a\r\nbcc: ${victim}`,
  'a\u0007b@example.com',
  'a(comment)@example.com',
  'a..b@example.com',
  '.a@example.com',
  'a.@example.com',
  'a@-example.com',
  'a@example-.com',
  'a@example..com',
  'a@example.com.',
  'a@[127.0.0.1]',
  'a@127.0.0.1',
  'a@localhost',
  'ü@example.com',
  'a@exämple.com',
  '\u212Aelvin@example.com', // KELVIN SIGN lower-cases to an ASCII k
  `${'a'.repeat(65)}@example.com`,
  `a@${'b'.repeat(64)}.com`,
  `a@${Array(4).fill('b'.repeat(62)).join('.')}.com`, // 257 characters
];

/** Plain mailboxes with the unusual characters RFC 5322 atext allows. */
const accepted = [
  "o'brien+tag@example.com",
  'a.b-c_d@sub.example-x.co',
  "!#$%&'*+/=?^_`{|}~-@example.com",
  `${'a'.repeat(64)}@example.com`,
];

/**
 * Email addresses are validated strictly (RFC 5321 mailbox) on every route that takes one, so
 * `x<victim@example.com` cannot reach the victim under the attacker's own send budget, and the
 * mail's envelope recipient is exactly the validated address.
 */
describe.each(dialects)('email addresses (%s)', (dialect) => {
  let t: TestServer;
  let smtp: SmtpListener;

  beforeAll(async () => {
    smtp = await startSmtpListener();
    t = await startTestServer(dialect, {
      smtp: { url: smtp.url, from: 'Latchkey <no-reply@latchkey.test>' },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses display names, lists, angle brackets, whitespace and non-mailboxes with the field named', async () => {
    const { client } = await t.createApp();
    for (const email of refused) {
      const res = await client.post('/api/v1/passwordless/init', { email });
      expect(res, JSON.stringify(email)).toMatchObject({
        status: 400,
        body: { code: 'invalid_data', error: 'Invalid email address (email)' },
      });
    }
    expect(smtp.messages.filter((m) => m.envelopeTo.includes(victim))).toEqual([]);
  });

  it('every route taking an address refuses them, naming its field', async () => {
    const { client } = await t.createApp();
    const login = await client.post<AuthBody>('/api/v1/passwordless/authenticate', {
      email: 'owner@example.com',
      code: await sendAndRead(client, 'owner@example.com'),
    });
    expect(login.status).toBe(200);
    const token = login.body.token;
    const bad = `x<${victim}`;
    const cases: [string, Record<string, unknown>, string, boolean][] = [
      ['/api/v1/passwordless/authenticate', { email: bad, code: '123456' }, 'email', false],
      ['/api/v1/passwordless/link', { email: bad, code: '123456' }, 'email', true],
      [
        '/api/v1/passwordless/update',
        { oldAddress: 'owner@example.com', newAddress: bad, code: '123456' },
        'newAddress',
        true,
      ],
      [
        '/api/v1/passwordless/update',
        { oldAddress: bad, newAddress: 'new@example.com', code: '123456' },
        'oldAddress',
        true,
      ],
      ['/api/v1/passwordless/unlink', { address: bad }, 'address', true],
      ['/api/v1/passwordless/transfer', { email: bad, nonce: 'n'.repeat(43) }, 'email', true],
    ];
    for (const [path, body, field, user] of cases) {
      const res = await client.post(path, body, user ? { token } : {});
      expect(res, `${path} ${field}`).toMatchObject({
        status: 400,
        body: { code: 'invalid_data', error: `Invalid email address (${field})` },
      });
    }
    const allowlist = await client.post(
      `/api/v1/apps/${client.appId}/allowlist`,
      { type: 'email', value: bad },
      { headers: { authorization: basic(client.appId, client.secret) } },
    );
    expect(allowlist).toMatchObject({
      status: 400,
      body: { code: 'invalid_data', error: 'Invalid email address (value)' },
    });
  });

  it('the envelope recipient is exactly the validated address (lower-cased)', async () => {
    const { client } = await t.createApp();
    for (const email of [...accepted, 'Mixed.Case@Example.COM']) {
      const res = await client.post('/api/v1/passwordless/init', { email });
      expect(res.status, email).toBe(200);
      const mail = await smtp.nextMessageTo(email.toLowerCase());
      expect(mail.envelopeTo, email).toEqual([email.toLowerCase()]);
    }
  });

  async function sendAndRead(client: TestClient, email: string): Promise<string> {
    expect((await client.post('/api/v1/passwordless/init', { email })).status).toBe(200);
    const mail = await smtp.nextMessageTo(email);
    return mail.subject.slice(0, 6);
  }
});

describe('SMTP delivery', () => {
  it('hands nodemailer an address object: a string it would parse as a list never reroutes', async () => {
    const smtp = await startSmtpListener();
    const delivery = smtpDelivery({ url: smtp.url, from: 'no-reply@latchkey.test' });
    try {
      for (const to of [`a,${victim}`, `x<${victim}`, `Evil <${victim}>`]) {
        await delivery
          .send({ appId: 'app', channel: 'email', to, subject: 'code', text: 'code' })
          .catch(() => {});
      }
      expect(smtp.messages.flatMap((m) => m.envelopeTo)).not.toContain(victim);
    } finally {
      delivery.close();
      await smtp.close();
    }
  });
});

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}
