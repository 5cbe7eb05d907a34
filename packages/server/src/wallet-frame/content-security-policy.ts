import { createHash } from 'node:crypto';

/** An origin CSP accepts as a source expression (`https://app.example.com`, `https://*.example.com`). */
const cspOrigin = /^(https?|chrome-extension):\/\/(\*\.)?[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * `frame-ancestors` for an app: its allowed origins, or `*` when it lists none (it then accepts any
 * origin, as the API does). A list with nothing CSP can express allows no one rather than everyone.
 */
export function frameAncestors(allowedDomains: readonly string[]): string {
  if (allowedDomains.length === 0) return '*';
  const origins = allowedDomains.filter((domain) => cspOrigin.test(domain));
  return origins.length > 0 ? origins.join(' ') : "'none'";
}

/** `'sha256-…'` of an inline stylesheet, for `style-src`. */
export function styleHash(css: string): string {
  return `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
}

/**
 * The frame pages' policy: scripts and fetches from this server only, no inline script, the page's own
 * stylesheet by hash (or no styles), no plugins, images, forms or base URL, and framing by the app's
 * origins only.
 */
export function frameContentSecurityPolicy(options: {
  frameAncestors: string;
  style: string | null;
}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "connect-src 'self'",
    `style-src ${options.style ? styleHash(options.style) : "'none'"}`,
    `frame-ancestors ${options.frameAncestors}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
