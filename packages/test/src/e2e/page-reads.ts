import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A page's reads of one route: fetches begun, and answered (their body read). */
export interface PageReads {
  begun: number;
  answered: number;
}

/**
 * Run in the page before the SDK loads (`page.addInitScript(countReads, path)`): counts the fetches
 * whose URL contains `path` where they happen, with no lag. The SDK reads a body with `text()`; the
 * count goes up in the same microtasks as the SDK's next step (which sets the timer of its next read).
 */
export function countReads(path: string): void {
  const page = window as unknown as { lkReads: PageReads };
  page.lkReads = { begun: 0, answered: 0 };
  const reads = page.lkReads;
  const original = window.fetch.bind(window);
  window.fetch = (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes(path)) return original(input, init);
    reads.begun += 1;
    const answered = () => {
      reads.answered += 1;
    };
    return original(input, init).then(
      (response) => {
        const text = response.text.bind(response);
        response.text = () => text().finally(answered);
        return response;
      },
      (error: unknown) => {
        answered();
        throw error;
      },
    );
  };
}

/** The page's count so far (`countReads` must have run in it). */
export const pageReads = (page: Page): Promise<PageReads> =>
  page.evaluate(() => (window as unknown as { lkReads: PageReads }).lkReads);

/**
 * Waits until the page has had `count` reads answered and has none in flight: a poll then waits on
 * its timer, so a jump of the paused page clock fires that timer and cuts no request short (a request
 * in flight across a jump would see its 20 s abort fire). Resolves with the answered count.
 */
export async function readsIdle(page: Page, count: number): Promise<number> {
  let reads: PageReads = { begun: 0, answered: 0 };
  await expect
    .poll(async () => {
      reads = await pageReads(page);
      return reads.answered >= count && reads.begun === reads.answered;
    })
    .toBe(true);
  return reads.answered;
}
