/** Hosts a bare entry takes as plain http: a local dev server has no certificate. */
const loopbackHost = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;
/** A host with a dot (a registrable name or an IPv4 address), and an optional port. */
const dottedHost = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/i;

/**
 * An allowed domain (`allowed_domains`) as a person types it, read as the origin it clearly means:
 * `localhost:3000` → `http://localhost:3000` (loopback: http), `app.example.com` →
 * `https://app.example.com` (any other host with a dot: https), `https://App.Example.com/` →
 * `https://app.example.com`. What has no one reading (`notaurl`, a path) is returned trimmed,
 * for the validator to refuse with its message. The server stores, and the dashboard shows, this.
 */
export function normaliseAllowedDomain(input: string): string {
  let value = input.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) {
    if (loopbackHost.test(value)) value = `http://${value}`;
    else if (dottedHost.test(value)) value = `https://${value}`;
    else return value;
  }
  const origin = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]+)\/?$/i.exec(value);
  return origin ? origin[1]!.toLowerCase() : value;
}
