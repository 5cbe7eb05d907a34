/** What the user clicks on a stand-in's consent page (when no decision was queued). */
export type ConsentClick = { approve: string } | { deny: true };

/**
 * A minimal browser for OAuth flows in Node tests: follows redirects with a cookie jar per host,
 * and submits `form_post` pages (an auto-submitting form, as oidc-provider and Apple send) the way
 * a browser's script would, until it is sent to `returnTo`'s origin. On a stand-in's consent page
 * it clicks `options.click` ("Approve as" an account's `sub`, or "Deny").
 */
export async function followOAuthFlow(
  url: string,
  returnTo: string,
  options: { click?: ConsentClick } = {},
): Promise<URL> {
  const jar = new Map<string, Map<string, string>>();
  const target = new URL(returnTo).origin;
  let next: { url: string; method: 'GET' | 'POST'; body?: URLSearchParams } = { url, method: 'GET' };
  for (let hop = 0; hop < 20; hop++) {
    const current = new URL(next.url);
    if (current.origin === target) return current;
    const cookies = jar.get(current.host) ?? new Map<string, string>();
    const headers: Record<string, string> = { accept: 'text/html,application/json' };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (next.body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await fetch(current, {
      method: next.method,
      headers,
      body: next.body,
      redirect: 'manual',
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
    jar.set(current.host, cookies);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      next = { url: new URL(location, current).href, method: 'GET' };
      continue;
    }
    const text = await response.text();
    const form = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(text);
    if (form && options.click && text.includes('data-testid="lk-standin-deny"')) {
      const body = new URLSearchParams(
        'deny' in options.click ? { deny: '1' } : { approve: options.click.approve },
      );
      next = { url: new URL(decodeHtml(form[1]!), current).href, method: 'POST', body };
      options = {};
      continue;
    }
    // A browser submits a form_post page whatever its status (oidc-provider answers errors with 400).
    if (form && /<input/i.test(text)) {
      const body = new URLSearchParams();
      for (const input of text.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/gi))
        body.set(decodeHtml(input[1]!), decodeHtml(input[2]!));
      next = { url: new URL(decodeHtml(form[1]!), current).href, method: 'POST', body };
      continue;
    }
    throw new OAuthFlowError(response.status, current.href, text.slice(0, 500));
  }
  throw new Error('OAuth flow: too many redirects');
}

/** The flow stopped at a page that is neither a redirect nor a form to submit. */
export class OAuthFlowError extends Error {
  override readonly name = 'OAuthFlowError';
  readonly status: number;
  readonly url: string;
  readonly body: string;
  constructor(status: number, url: string, body: string) {
    super(`OAuth flow stopped at ${url} (HTTP ${status}): ${body}`);
    this.status = status;
    this.url = url;
    this.body = body;
  }
}

function decodeHtml(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n: string) => String.fromCharCode(Number.parseInt(n, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}
