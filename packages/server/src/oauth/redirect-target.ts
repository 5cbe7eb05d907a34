import type { AppRecord } from '../app-config/app-record.ts';
import { ApiError } from '../http/api-error.ts';
import { isAllowedOrigin } from '../http/origin.ts';

/** Schemes that run or embed content where they land: never a place to send a login to. */
const neverSchemes = new Set(['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'filesystem']);

const refuse = (detail: string) => new ApiError('invalid_data', `Invalid redirect_to: ${detail}`);

/** A listed native scheme, as apps write it (`myapp`, `myapp:`, `myapp://`). */
const schemeName = (entry: string) =>
  entry
    .trim()
    .toLowerCase()
    .replace(/:(\/\/)?$/, '');

/**
 * Where the callback may send the browser: an absolute URL on one of the app's `allowed_domains`
 * origins, or in one of its `allowed_native_app_url_schemes`. An app that lists no domains (which
 * admits any origin to its API) may only return to the page that started the login (`Origin`):
 * the server is never an open redirect.
 */
export function acceptRedirectTarget(
  app: AppRecord,
  redirectTo: string,
  requestOrigin: string | undefined,
): string {
  let url: URL;
  try {
    url = new URL(redirectTo);
  } catch {
    throw refuse('must be an absolute URL.');
  }
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (neverSchemes.has(scheme)) throw refuse(`the ${scheme}: scheme is not allowed.`);
  if (url.username || url.password) throw refuse('must not carry credentials.');
  if (scheme === 'http' || scheme === 'https') {
    const allowed =
      app.config.allowed_domains.length > 0
        ? isAllowedOrigin(app, url.origin)
        : requestOrigin !== undefined && requestOrigin === url.origin;
    if (!allowed)
      throw refuse(
        app.config.allowed_domains.length > 0
          ? `${url.origin} is not one of the app's allowed domains.`
          : "the app lists no allowed domains, so only the page's own origin is allowed.",
      );
    return url.href;
  }
  if (!app.config.allowed_native_app_url_schemes.some((entry) => schemeName(entry) === scheme))
    throw refuse(`the ${scheme}: scheme is not one of the app's allowed native app URL schemes.`);
  return url.href;
}
