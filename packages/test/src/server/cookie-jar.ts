/** One `Set-Cookie` header, parsed: attribute names lower-cased, flags as `true`. */
export interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...parts] = header.split(';').map((part) => part.trim());
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of parts) {
    const at = part.indexOf('=');
    if (at < 0) attributes[part.toLowerCase()] = true;
    else attributes[part.slice(0, at).toLowerCase()] = part.slice(at + 1);
  }
  return { name: pair.slice(0, eq), value: decodeURIComponent(pair.slice(eq + 1)), attributes };
}

/** Every `Set-Cookie` of a response, by cookie name (a name set twice keeps the last). */
export function setCookies(headers: Headers): Record<string, SetCookie> {
  const byName: Record<string, SetCookie> = {};
  for (const header of headers.getSetCookie()) {
    const cookie = parseSetCookie(header);
    byName[cookie.name] = cookie;
  }
  return byName;
}

/**
 * A browser's cookie store for one server, as far as the tests need: it keeps what responses set,
 * drops what they expire (Max-Age=0), and sends each cookie only to paths under its Path. Domain
 * and Secure are not modelled: the tests read those attributes from the responses.
 */
export class CookieJar {
  readonly #cookies = new Map<string, { value: string; path: string }>();

  store(headers: Headers): void {
    for (const cookie of Object.values(setCookies(headers))) {
      if (cookie.attributes['max-age'] === '0') this.#cookies.delete(cookie.name);
      else {
        const path = typeof cookie.attributes.path === 'string' ? cookie.attributes.path : '/';
        this.#cookies.set(cookie.name, { value: cookie.value, path });
      }
    }
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name)?.value;
  }

  /** The `Cookie` header a request to `path` carries ('' for none). */
  header(path: string): string {
    return [...this.#cookies]
      .filter(([, c]) => c.path === '/' || path === c.path || path.startsWith(`${c.path}/`))
      .map(([name, c]) => `${name}=${c.value}`)
      .join('; ');
  }

  /** A copy, as a snapshot to replay later. */
  clone(): CookieJar {
    const copy = new CookieJar();
    for (const [name, c] of this.#cookies) copy.#cookies.set(name, { ...c });
    return copy;
  }
}
