import { limits } from '@latchkey/protocol';
import { LatchkeyApiError, LatchkeyClientError, LatchkeyError } from './errors.ts';

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
 * What the server answered, as a person reads it: the HTTP status, and the wire code only when it is
 * not one of the incumbent's names (`missing_or_invalid_privy_app_id` stays on the wire for the
 * incumbent's clients; the console speaks Latchkey).
 */
function answered(error: unknown): string {
  const code = error instanceof LatchkeyError ? error.code : String(error);
  const shown = code.includes('privy') ? '' : code;
  if (!(error instanceof LatchkeyApiError)) return shown;
  return shown ? `HTTP ${error.status}, ${shown}` : `HTTP ${error.status}`;
}

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
  if (error === undefined && !apiUrl) {
    // The incumbent's provider defaults to its cloud; an app moved over may not pass one.
    warnOnce(
      'no_api_url',
      `no apiUrl: Latchkey has no default server. Point apiUrl at your Latchkey server, such as <LatchkeyProvider apiUrl="https://auth.example.com">. ${notReady}`,
    );
    return new LatchkeyClientError(
      'invalid_input',
      'Missing apiUrl: pass the address of your Latchkey server.',
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
      `the server at ${apiUrl} has no app "${appId}" (${request}: ${answered(error)}). Check the app id and that apiUrl is the server it was created on. ${findAppId} ${notReady}`,
    );
  } else {
    warnOnce(
      'config',
      `loading the app config failed: ${request}: ${answered(error)}. See the server's log. ${notReady}`,
    );
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
 * The page's origin is not in the app's `allowed_domains`. The app config is public (any origin may
 * read it), so the client would start, and then every request that names the app would be refused
 * (`invalid_origin`; in the browser a CORS error, in the modal 'Something went wrong'). The config
 * says which origins the server accepts, so the client stops here instead: warns with the exact
 * command that fixes it and throws the error `initialize()` rejects with (`ready` stays false).
 * The server's own origin (`apiUrl`) is accepted as the server accepts it. This is a courtesy to the
 * developer, not a security check: the server refuses the requests whatever the page believes.
 */
export function origin(
  domains: readonly string[] | undefined,
  page: string,
  appId: string,
  apiUrl: string,
): void {
  if (!domains || isAllowedOrigin(domains, page) || page === apiUrl) return;
  // `npx`: the command runs as written where the server is installed, and in a clone of Latchkey.
  const fix = `npx latchkey apps update ${appId} --set 'allowed_domains=${JSON.stringify([...domains, page])}'`;
  warnOnce(
    'origin',
    `this page's origin ${page} is not in the allowed_domains of app ${appId} (${domains.join(', ')}): the server would refuse its requests. Add it: ${fix} (or in the dashboard). ${notReady}`,
  );
  throw new LatchkeyError(
    `This page's origin ${page} is not allowed by app ${appId}. Add it: ${fix}`,
    'invalid_origin',
  );
}
