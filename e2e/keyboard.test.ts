/**
 * The modal with the keyboard alone, and what a screen reader is told: focus lands where the
 * user types, codes are typed box to box, Backspace steps back, errors are announced, Escape
 * closes and gives focus back to the page.
 */

import {
  codeFromMail,
  demoState,
  id,
  modalClosed,
  type Stack,
  startStack,
  text,
  wrongCode,
} from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** The test id of the focused element, or its tag when it has none. */
const focused = (page: Page) =>
  page.evaluate(() => {
    // Into the modal's shadow root: the document's active element is its host.
    let el = document.activeElement;
    while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
    return el?.getAttribute('data-testid') ?? el?.tagName.toLowerCase() ?? null;
  });

/** The accessible name the browser computes for a test id (aria-label, aria-labelledby or label). */
async function accessibleName(page: Page, testId: string): Promise<string> {
  return page
    .locator(id(testId))
    .first()
    .evaluate((el) => {
      const labelledBy = el.getAttribute('aria-labelledby');
      if (labelledBy) {
        return labelledBy
          .split(/\s+/)
          .map((ref) => (el.getRootNode() as Document | ShadowRoot).getElementById(ref)?.textContent ?? '')
          .join(' ')
          .trim();
      }
      const label = el.getAttribute('aria-label');
      if (label) return label;
      const labels = (el as HTMLInputElement).labels;
      return labels && labels.length > 0 ? (labels[0]!.textContent ?? '').trim() : '';
    });
}

describe('keyboard and screen-reader use of the modal', () => {
  let stack: Stack;
  let page: Page;
  let appId: string;

  beforeAll(async () => {
    stack = await startStack();
    appId = await stack.createApp({ email_auth: true });
    ({ page } = await stack.newPage());
  });
  afterAll(async () => {
    await stack?.close();
  });

  test('logs in without a mouse: Enter opens, focus is on the email field, codes are typed box to box', async () => {
    await page.goto(stack.demoUrl(appId));
    await demoState(page);
    await page.focus(id('demo-login'));
    await page.keyboard.press('Enter');
    await page.locator(id('lk-screen-landing')).waitFor({ state: 'visible' });

    // The dialog and the fields are named for assistive technology.
    expect(await accessibleName(page, 'lk-modal')).toContain('Log in or sign up');
    expect(await page.locator(id('lk-modal')).evaluate((el) => el.tagName)).toBe('DIALOG');
    await expect.poll(() => focused(page)).toBe('lk-email-input');
    expect(await accessibleName(page, 'lk-email-input')).not.toBe('');

    await page.keyboard.type('keys@example.com');
    await page.keyboard.press('Enter');
    await page.locator(id('lk-screen-code')).waitFor({ state: 'visible' });
    await expect.poll(() => focused(page)).toBe('lk-code-digit-0');
    for (let i = 0; i < 6; i++) expect(await accessibleName(page, `lk-code-digit-${i}`)).not.toBe('');

    const code = await codeFromMail(stack.smtp, 'keys@example.com');
    // Three digits advance the focus; Backspace clears and steps back.
    await page.keyboard.type(code.slice(0, 3), { delay: 20 });
    await expect.poll(() => focused(page)).toBe('lk-code-digit-3');
    await page.keyboard.press('Backspace');
    await expect.poll(() => focused(page)).toBe('lk-code-digit-2');
    expect(await page.locator(id('lk-code-digit-2')).inputValue()).toBe('');

    // A wrong code is announced through an alert.
    await page.keyboard.type(wrongCode(code).slice(2), { delay: 20 });
    await expect.poll(() => page.locator('[role="alert"]').count(), { timeout: 10_000 }).toBeGreaterThan(0);
    expect(await page.locator('[role="alert"]').first().textContent()).not.toBe('');

    // After the reset, the right code typed from the first box logs in.
    await expect.poll(() => page.locator(id('lk-code-digit-0')).inputValue(), { timeout: 5_000 }).toBe('');
    await expect.poll(() => focused(page), { timeout: 5_000 }).toBe('lk-code-digit-0');
    await page.keyboard.type(code, { delay: 20 });
    await modalClosed(page);
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('true');
  });

  test('Escape closes the modal and focus returns to the button that opened it', async () => {
    await page.focus(id('demo-logout'));
    await page.keyboard.press('Enter');
    await expect.poll(() => text(page, 'demo-authenticated')).toBe('false');
    await page.focus(id('demo-login'));
    await page.keyboard.press('Enter');
    await page.locator(id('lk-screen-landing')).waitFor({ state: 'visible' });
    await page.keyboard.press('Escape');
    await modalClosed(page);
    await expect.poll(() => focused(page)).toBe('demo-login');
    expect(await text(page, 'demo-authenticated')).toBe('false');
  });
});
