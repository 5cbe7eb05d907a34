/**
 * What the test wallets' page side and their signing side say to each other. Browser-safe: the e2e
 * tests run the signing side in Node behind a Playwright binding, the demo runs it in the page.
 */

/** An EIP-1193 / Wallet Standard style error the page rethrows as an Error with `code`. */
export interface WalletError {
  code: number;
  message: string;
}

/** What a binding call answers: a result, or an error to throw, and events to emit in the page. */
export interface BindingAnswer {
  result?: unknown;
  error?: WalletError;
  events?: { event: string; data: unknown }[];
}

/**
 * The signing side as the page reaches it: `window[binding](index, method, params)`. Playwright's
 * `exposeBinding` puts one there in the e2e tests; `installInPageTestWallets` puts a local one there.
 */
export type WalletBinding = (index: number, method: string, params: unknown) => Promise<BindingAnswer>;

/** A small square icon as an RFC 2397 data URI (EIP-6963 and the Wallet Standard both want one). */
export function svgIcon(color: string, letter: string): `data:image/svg+xml;base64,${string}` {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" rx="8" fill="${color}"/>` +
    `<text x="16" y="22" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">${letter}</text>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${btoa(svg)}`;
}
