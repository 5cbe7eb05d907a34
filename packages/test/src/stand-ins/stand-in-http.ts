import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server that is unref'd and closes itself after `idleMs` without a request. */
export async function idleClosingServer(
  handle: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>,
  idleMs: number,
): Promise<{ url: string; close(): Promise<void> }> {
  let idle: NodeJS.Timeout | undefined;
  const server = createServer((req, res) => {
    touch();
    const url = new URL(req.url ?? '/', 'http://stand-in');
    handle(req, res, url).catch((error: unknown) => json(res, 500, { message: String(error) }));
  });
  const close = async () => {
    clearTimeout(idle);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  function touch() {
    clearTimeout(idle);
    idle = setTimeout(() => void close().catch(() => {}), idleMs);
    idle.unref();
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  touch();
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close };
}

export function json(res: ServerResponse, status: number, body: unknown): void {
  if (res.headersSent) return void res.end();
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * A provider's checkout page: what is bought and for whom, and two buttons that settle it
 * ('Complete purchase', 'Fail purchase'), each a form POST to `action` with `outcome`.
 */
export function checkoutPage(res: ServerResponse, title: string, lines: string[], action: string): void {
  const form = (outcome: string, label: string, id: string) =>
    `<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="outcome" value="${outcome}"><button id="${id}" type="submit">${label}</button></form>`;
  page(
    res,
    200,
    title,
    `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}${form('complete', 'Complete purchase', 'complete-purchase')}${form('fail', 'Fail purchase', 'fail-purchase')}`,
  );
}

export function page(res: ServerResponse, status: number, title: string, body: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`,
  );
}

export const textPage = (res: ServerResponse, status: number, title: string, text: string) =>
  page(res, status, title, `<p id="outcome">${escapeHtml(text)}</p>`);
