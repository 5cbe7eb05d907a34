import { limits } from '@latchkey/protocol';
import { LatchkeyClientError, LatchkeyError } from './errors.ts';

// Console messages for the developer integrating Latchkey: what is wrong with the setup and how to
// fix it. Loaded with `import()` only when something is wrong (never at first load: the bundle
// budget), and each cause is told once per page however many clients or retries there are.

const warned = new Set<string>();

/** Tests: lets each cause be told again. */
export function forgetWarnings(): void {
  warned.clear();
}

function warnOnce(cause: string, message: string): void {
  if (warned.has(cause)) return;
  warned.add(cause);
  console.warn(`Latchkey: ${message}`);
}

const findAppId = 'Copy it from `latchkey apps list` or the dashboard.';
const notReady = 'Latchkey stays not ready (`error` in its state).';

/**
 * Why `initialize()` failed, told once with the fix; returns the error it rejects with. `error` is
 * undefined when the client was created with a malformed app id or apiUrl (it made no request),
 * otherwise what the first request (`GET {apiUrl}/api/v1/apps/{appId}`, the app config) threw.
 */
export function failed(error: unknown, appId: unknown, apiUrl: string): unknown {
  if (typeof appId !== 'string' || appId.length !== limits.appIdLength) {
    warnOnce(
      'app_id',
      `the app id ${JSON.stringify(appId)} is malformed: an app id is exactly ${limits.appIdLength} characters. ${findAppId} ${notReady}`,
    );
    return new LatchkeyClientError(
      'invalid_input',
      `Invalid appId "${String(appId)}": an app id is exactly ${limits.appIdLength} characters.`,
    );
  }
  if (error === undefined) {
    warnOnce(
      'api_url',
      `apiUrl ${JSON.stringify(apiUrl)} is not a bare origin: pass the server's address with no path or trailing slash, such as https://auth.example.com. ${notReady}`,
    );
    return new LatchkeyClientError('invalid_input', `Invalid apiUrl "${apiUrl}"`);
  }
  const request = `GET ${apiUrl.replace(/\/$/, '')}/api/v1/apps/${appId}`;
  const code = error instanceof LatchkeyError ? error.code : String(error);
  if (code === 'network_error' || code === 'client_request_timeout') {
    warnOnce(
      'unreachable',
      `cannot reach the Latchkey server: ${request} got no response (${code}). Check that the server is running at that address (scheme, host, port), its TLS certificate, that an https page does not call an http server, and any proxy or firewall. ${notReady} login() tries again.`,
    );
  } else if (code === 'missing_or_invalid_privy_app_id') {
    warnOnce(
      'unknown_app',
      `the server at ${apiUrl} has no app "${appId}" (${request}: ${code}). Check the app id and that apiUrl is the server it was created on. ${findAppId}`,
    );
  } else {
    warnOnce('config', `loading the app config failed: ${request}: ${code}. See the server's log.`);
  }
  return error;
}

/** True when `origin` is one of `domains` (exact, or a `*.` wildcard host), as the server decides. */
export function isAllowedOrigin(domains: readonly string[], origin: string): boolean {
  return (
    domains.length === 0 ||
    domains.some((domain) => {
      const wildcard = /^([a-z-]+:\/\/)\*(\..+)$/i.exec(domain);
      return (
        domain === origin || (!!wildcard && origin.startsWith(wildcard[1]!) && origin.endsWith(wildcard[2]!))
      );
    })
  );
}

/**
 * The page's origin is not in the app's `allowed_domains`: the server refuses its requests
 * (`invalid_origin`; in the browser a CORS error, in the modal 'Something went wrong'). Warns with
 * the exact command that fixes it.
 */
export function origin(domains: readonly string[] | undefined, page: string, appId: string): void {
  if (!domains || isAllowedOrigin(domains, page)) return;
  warnOnce(
    'origin',
    `this page's origin ${page} is not in the allowed_domains of app ${appId} (${domains.join(', ')}): the server refuses its requests (invalid_origin, a CORS error). Add it: latchkey apps update ${appId} --set 'allowed_domains=${JSON.stringify([...domains, page])}' (or in the dashboard).`,
  );
}
