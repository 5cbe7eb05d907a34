import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the listener accepted. */
export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  envelopeFrom: string;
  /** Envelope recipients (RCPT TO), lower-cased. */
  envelopeTo: string[];
  /** The SMTP AUTH user, or null when the client did not authenticate. */
  authUser: string | null;
  /** Decoded header values (lower-cased names; the last one wins). */
  headers: Record<string, string>;
  from: string;
  to: string;
  subject: string;
  /** The body with its transfer encoding undone. */
  text: string;
  /** The message exactly as received. */
  raw: string;
}

export interface SmtpListenerOptions {
  /** When set, clients must authenticate with exactly these credentials; otherwise AUTH is optional. */
  auth?: { user: string; pass: string };
}

export interface SmtpListener {
  /** `smtp://127.0.0.1:<port>`, credentials not included. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the next message to `address` (or one already received and not yet taken). */
  nextMessageTo(address: string, timeoutMs?: number): Promise<ReceivedMail>;
  /** Answers the next RCPT TO with an SMTP error (default 550 mailbox unavailable). */
  rejectNextRecipient(code?: number, message?: string): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 that keeps what it receives.
 * Plaintext only: STARTTLS is off so clients do not upgrade to its published test certificate.
 *
 * @example
 * const smtp = await startSmtpListener();
 * // … point the server at smtp.url, trigger a mail …
 * const mail = await smtp.nextMessageTo('alice@example.com');
 */
export async function startSmtpListener(options: SmtpListenerOptions = {}): Promise<SmtpListener> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: { address: string; resolve: (mail: ReceivedMail) => void }[] = [];
  let rejection: { code: number; message: string } | null = null;

  const deliver = (mail: ReceivedMail) => {
    messages.push(mail);
    const index = waiters.findIndex((w) => mail.envelopeTo.includes(w.address));
    if (index >= 0) {
      taken.add(mail);
      waiters.splice(index, 1)[0]!.resolve(mail);
    }
  };

  const server = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !options.auth,
    onAuth(auth, _session, callback) {
      if (options.auth && (auth.username !== options.auth.user || auth.password !== options.auth.pass)) {
        return callback(new Error('Invalid username or password'));
      }
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      if (!rejection) return callback();
      const error = Object.assign(new Error(rejection.message), { responseCode: rejection.code });
      rejection = null;
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMessage(raw);
        deliver({
          envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          authUser: typeof session.user === 'string' ? session.user : null,
          ...parsed,
          raw,
        });
        callback();
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    nextMessageTo(address, timeoutMs = 5000) {
      const wanted = address.toLowerCase();
      const ready = messages.find((m) => !taken.has(m) && m.envelopeTo.includes(wanted));
      if (ready) {
        taken.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          address: wanted,
          resolve: (mail: ReceivedMail) => {
            clearTimeout(timer);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`No mail to ${address} within ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    rejectNextRecipient(code = 550, message = 'Mailbox unavailable') {
      rejection = { code, message };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Just enough RFC 5322 / MIME for a single-part text message: unfolds headers, decodes RFC 2047
 * encoded words, and undoes quoted-printable or base64 transfer encoding.
 */
export function parseMessage(
  raw: string,
): Pick<ReceivedMail, 'headers' | 'from' | 'to' | 'subject' | 'text'> {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return {
    headers,
    from: headers.from ?? '',
    to: headers.to ?? '',
    subject: headers.subject ?? '',
    text: text.replace(/\r\n/g, '\n').replace(/\n$/, ''),
  };
}

function decodeQuotedPrintable(input: string): string {
  const bytes = input
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** `=?utf-8?Q?...?=` and `=?utf-8?B?...?=`; adjacent encoded words join without the space. */
function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}
