import { oauthReturnParams } from '@latchkey/protocol';

/**
 * Marks the address an OAuth popup comes back to: the page that loads there relays the return to
 * the page that opened it and closes, rather than logging in itself. Latchkey's own parameter,
 * removed with the OAuth ones.
 */
export const popupMarker = 'latchkey_oauth_popup';

/** What the server's callback sent the user back with (WIRE.md §3.4). */
export interface OAuthReturn {
  /** Latchkey's authorization code, or 'undefined' when the user said no at the provider. */
  code: string;
  state: string;
  provider: string;
}

/**
 * The OAuth return in a page address, or null when the address has none.
 *
 * @example
 * readOAuthReturn('https://app.example.com/?privy_oauth_code=c&privy_oauth_state=s&privy_oauth_provider=google')
 * // { code: 'c', state: 's', provider: 'google' }
 */
export function readOAuthReturn(href: string): OAuthReturn | null {
  let query: URLSearchParams;
  try {
    query = new URL(href).searchParams;
  } catch {
    return null;
  }
  const code = query.get(oauthReturnParams.code);
  if (code === null) return null;
  return {
    code,
    state: query.get(oauthReturnParams.state) ?? '',
    provider: query.get(oauthReturnParams.provider) ?? '',
  };
}

/**
 * The address without the OAuth return parameters, the rest of it kept as it was: the page to
 * send the user back to, and what the address bar shows after the return (spec document 1 §2).
 *
 * @example
 * withoutOAuthReturn('https://app.example.com/a?x=1&privy_oauth_code=c#h') // 'https://app.example.com/a?x=1#h'
 */
export function withoutOAuthReturn(href: string): string {
  const url = new URL(href);
  for (const name of [...Object.values(oauthReturnParams), popupMarker]) url.searchParams.delete(name);
  return url.toString();
}
