import type { BrowserContext } from 'playwright-core';

let bindings = 0;

/** A binding name no other wallet in this process uses (bindings live on the whole context). */
export function uniqueBindingName(prefix: string): string {
  bindings += 1;
  return `__lk${prefix}${bindings}_${process.pid}`;
}

/**
 * Adds `pageFunction(arg)` as an init script, run in every page of the context before its own scripts.
 * Passed as source text with a `__name` stand-in, because the test runner's transform may wrap
 * function names in a helper that does not exist in the page.
 */
export async function addPageScript<A>(
  context: BrowserContext,
  pageFunction: (arg: A) => void,
  arg: A,
): Promise<void> {
  const content = `(() => { var __name = (f) => f; (${pageFunction.toString()})(${JSON.stringify(arg)}); })();`;
  await context.addInitScript({ content });
}

/** A small square icon as an RFC 2397 data URI (EIP-6963 and the Wallet Standard both want one). */
export function svgIcon(color: string, letter: string): `data:image/svg+xml;base64,${string}` {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">` +
    `<rect width="32" height="32" rx="8" fill="${color}"/>` +
    `<text x="16" y="22" font-family="sans-serif" font-size="16" fill="#fff" text-anchor="middle">${letter}</text>` +
    `</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

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
