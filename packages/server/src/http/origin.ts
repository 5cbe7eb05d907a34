import type { AppRecord } from '../app-config/app-record.ts';
import { ApiError } from './api-error.ts';

/**
 * The answers already given for one list of allowed domains, by origin. Every browser request asks
 * twice (CORS and the app guard) with the same few origins, and each answer parses a URL. Keyed by
 * the list itself, so an app whose domains change (a new record in the app cache) starts afresh;
 * at most `rememberedOrigins` per list, so a caller sending endless made-up origins grows nothing.
 */
const answers = new WeakMap<readonly string[], Map<string, boolean>>();
const rememberedOrigins = 64;

/** True when `origin` is one of the app's allowed domains (exact, or a `*.` wildcard host). */
export function isAllowedOrigin(app: AppRecord, origin: string): boolean {
  const domains = app.config.allowed_domains;
  // An app with no domains configured accepts any origin, as the incumbent does for new apps.
  if (domains.length === 0) return true;
  let known = answers.get(domains);
  const answer = known?.get(origin);
  if (answer !== undefined) return answer;
  const allowed = matchesAllowedDomain(domains, origin);
  if (!known) {
    known = new Map();
    answers.set(domains, known);
  }
  if (known.size < rememberedOrigins) known.set(origin, allowed);
  return allowed;
}

function matchesAllowedDomain(domains: readonly string[], origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.origin !== origin) return false;
  return domains.some((domain) => {
    if (domain === origin) return true;
    const wildcard = /^([a-z-]+:\/\/)\*\.(.+)$/i.exec(domain);
    if (!wildcard) return false;
    const [, scheme, rest] = wildcard;
    return origin.startsWith(scheme!) && origin.slice(scheme!.length).endsWith(`.${rest}`);
  });
}

/**
 * Browser callers must come from an allowed origin, or from this server's own origin (the wallet
 * frame it serves); native apps must send an allowed `x-native-app-identifier`. Server callers
 * with the app secret skip this check.
 */
export function assertOrigin(
  app: AppRecord,
  origin: string | undefined,
  nativeAppId: string | undefined,
  ownOrigin: string,
): void {
  if (origin) {
    if (origin !== ownOrigin && !isAllowedOrigin(app, origin)) throw new ApiError('invalid_origin');
    return;
  }
  if (nativeAppId) {
    if (!app.config.allowed_native_app_ids.includes(nativeAppId)) throw new ApiError('invalid_native_app_id');
    return;
  }
  if (app.config.allowed_domains.length > 0) throw new ApiError('missing_origin');
}

/**
 * A request authenticated by a session cookie (cookie sessions): the browser attaches cookies to
 * any request to this server, so the cookie alone proves nothing about who made the request
 * (CSRF). It must name its origin, and that origin must be this server's own (the wallet frame)
 * or one the app allows; an app that lists no domains does not excuse a missing or opaque
 * (`null`) Origin here, as it does for Bearer callers.
 */
export function assertCookieOrigin(app: AppRecord, origin: string | undefined, ownOrigin: string): void {
  if (!origin) throw new ApiError('missing_origin');
  if (origin === ownOrigin) return;
  if (origin === 'null' || !isAllowedOrigin(app, origin)) throw new ApiError('invalid_origin');
}
