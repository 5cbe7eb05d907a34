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
