import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A message the stand-in accepted, as Twilio would have queued it. */
export interface TwilioMessage {
  sid: string;
  accountSid: string;
  to: string;
  from: string;
  body: string;
}

/** Every request that reached the Messages endpoint, accepted or not. */
export interface TwilioRequest {
  accountSid: string;
  /** Decoded Basic credentials, or null when absent or not Basic. */
  auth: { user: string; pass: string } | null;
  contentType: string;
  form: Record<string, string>;
  status: number;
}

/** A failure to answer the next request with: a Twilio error, or a raw non-JSON body. */
export type TwilioFailure =
  | { status: number; code: number; message?: string }
  | { status: number; rawBody: string };

export interface TwilioStandIn {
  /** The API origin to give the server as `twilio.apiUrl`. */
  url: string;
  accountSid: string;
  authToken: string;
  messages: TwilioMessage[];
  requests: TwilioRequest[];
  /** Makes the next Messages request fail (after authentication) with this error. */
  failNext(failure: TwilioFailure): void;
  close(): Promise<void>;
}

/** Messages of Twilio's documented errors, for the codes tests use. */
const errorMessages: Record<number, (form: Record<string, string>) => string> = {
  20003: () => 'Authenticate',
  20404: () => 'The requested resource was not found',
  20500: () => 'An internal server error has occurred',
  21211: (f) => `The 'To' number ${f.To ?? ''} is not a valid phone number.`,
  21408: (f) =>
    `Permission to send an SMS has not been enabled for the region indicated by the 'To' number: ${f.To ?? ''}.`,
  21602: () => 'Message body is required.',
  21603: () => "A 'From' phone number is required.",
  21604: () => "A 'To' phone number is required.",
  21610: () => 'Attempt to send to unsubscribed recipient',
};

/**
 * A local HTTP server that speaks Twilio's Messages API the way Twilio does:
 * POST /2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded To / From / Body, HTTP Basic
 * auth with AccountSid:AuthToken, 201 with a message resource, and Twilio's JSON error shape
 * `{code, message, more_info, status}`.
 *
 * @example
 * const twilio = await startTwilioStandIn();
 * twilio.failNext({ status: 400, code: 21211 });
 */
export async function startTwilioStandIn(
  credentials: { accountSid?: string; authToken?: string } = {},
): Promise<TwilioStandIn> {
  const accountSid = credentials.accountSid ?? `AC${randomBytes(16).toString('hex')}`;
  const authToken = credentials.authToken ?? randomBytes(16).toString('hex');
  const messages: TwilioMessage[] = [];
  const requests: TwilioRequest[] = [];
  const failures: TwilioFailure[] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      sendError(res, 500, 20500, String(error));
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://twilio.local').pathname;
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!match) return sendError(res, 404, 20404, `The requested resource ${path} was not found`);
    const pathSid = decodeURIComponent(match[1]!);
    const raw = await readAll(req);
    const contentType = req.headers['content-type'] ?? '';
    const form = contentType.startsWith('application/x-www-form-urlencoded')
      ? Object.fromEntries(new URLSearchParams(raw))
      : {};
    const auth = basic(req.headers.authorization);
    const record: TwilioRequest = { accountSid: pathSid, auth, contentType, form, status: 0 };
    requests.push(record);
    const answer = (status: number, code: number) => {
      record.status = status;
      sendError(res, status, code, errorMessages[code]?.(form) ?? 'Error');
    };

    // Twilio checks the credentials before anything else; they must also own the account in the path.
    if (!auth || auth.user !== accountSid || auth.pass !== authToken || pathSid !== accountSid) {
      res.setHeader('www-authenticate', 'Basic realm="Twilio API"');
      return answer(401, 20003);
    }
    if (req.method !== 'POST') return answer(405, 20004);
    const failure = failures.shift();
    if (failure) {
      record.status = failure.status;
      if ('rawBody' in failure) {
        res.writeHead(failure.status, { 'content-type': 'text/html' });
        res.end(failure.rawBody);
        return;
      }
      return sendError(
        res,
        failure.status,
        failure.code,
        failure.message ?? errorMessages[failure.code]?.(form),
      );
    }
    if (!form.To) return answer(400, 21604);
    if (!form.From) return answer(400, 21603);
    if (!form.Body) return answer(400, 21602);

    const sid = `SM${randomBytes(16).toString('hex')}`;
    messages.push({ sid, accountSid, to: form.To, from: form.From, body: form.Body });
    record.status = 201;
    const now = new Date().toUTCString().replace('GMT', '+0000');
    const uri = `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`;
    sendJson(res, 201, {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: form.Body,
      date_created: now,
      date_sent: null,
      date_updated: now,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: form.From,
      messaging_service_sid: null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid,
      status: 'queued',
      subresource_uris: { media: `${uri.slice(0, -5)}/Media.json` },
      to: form.To,
      uri,
    });
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    requests,
    failNext: (failure) => {
      failures.push(failure);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function basic(header: string | undefined): { user: string; pass: string } | null {
  if (!header?.startsWith('Basic ')) return null;
  const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : { user: decoded.slice(0, colon), pass: decoded.slice(colon + 1) };
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, code: number, message = 'Error'): void {
  sendJson(res, status, {
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });
}
