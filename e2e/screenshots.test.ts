/**
 * Screenshots of the modal's landing, code, error and allowlist screens at 1024 px and 375 px wide,
 * in the light and dark themes, saved under artifacts/screenshots/ (gitignored). Also checks the
 * shell's geometry: a 360 px dialog above 440 px, a bottom sheet below.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  codeFromMail,
  enterCode,
  id,
  openLogin,
  type Stack,
  startStack,
  submitEmail,
  submitPhone,
  text,
} from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const dir = join(import.meta.dirname, '../artifacts/screenshots');
const viewports = [
  { width: 1024, height: 768 },
  { width: 375, height: 812 },
];
const themes = ['light', 'dark'] as const;

describe('modal screenshots', () => {
  let stack: Stack;
  let appId: string;
  let allowlistAppId: string;
  let counter = 0;

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    stack = await startStack();
    appId = await stack.createApp({ email_auth: true, sms_auth: true });
    allowlistAppId = await stack.createApp({ allowlist_enabled: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function shoot(page: Page, name: string): Promise<void> {
    // Let the screen's entry transition finish; screenshots then disable what is left of animations.
    await page.waitForTimeout(250);
    await page.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
  }

  async function modalBox(page: Page) {
    const box = await page.locator(id('lk-modal')).boundingBox();
    if (!box) throw new Error('The modal has no box');
    return box;
  }

  for (const theme of themes) {
    for (const viewport of viewports) {
      const suffix = `${viewport.width}-${theme}`;
      test(`landing, code, error and allowlist screens at ${viewport.width} px, ${theme}`, async () => {
        const { context, page } = await stack.newPage(viewport);
        try {
          // Landing, then the code screen.
          await page.goto(stack.demoUrl(appId, { theme }));
          await openLogin(page);
          await shoot(page, `landing-${suffix}`);
          // Soft: a wrong geometry fails the test but the remaining screenshots are still taken.
          const box = await modalBox(page);
          if (viewport.width > 440) {
            expect.soft(Math.round(box.width), 'dialog width').toBe(360);
            expect.soft(box.x, 'dialog centred').toBeCloseTo((viewport.width - box.width) / 2, 0);
          } else {
            expect.soft(Math.round(box.width), 'bottom sheet width').toBe(viewport.width);
            expect.soft(Math.round(box.y + box.height), 'bottom sheet bottom').toBe(viewport.height);
          }
          expect.soft(Math.round(box.height), 'modal height (full: 620 px)').toBeLessThanOrEqual(620);

          const email = `shot-${++counter}@example.com`;
          await submitEmail(page, email);
          await codeFromMail(stack.smtp, email);
          await shoot(page, `code-${suffix}`);

          // The error screen: Twilio refuses the region (error 21408), the server answers not_supported.
          await page.reload();
          await openLogin(page);
          stack.twilio.failNext({ status: 400, code: 21408 });
          await submitPhone(page, '2015550123');
          await page.locator(id('lk-screen-error')).waitFor({ state: 'visible' });
          expect(await text(page, 'lk-error-title')).toBe('This region is not supported');
          expect(await text(page, 'lk-error-detail')).toBe(
            'SMS authentication from this region is not available',
          );
          await shoot(page, `error-${suffix}`);

          // The allowlist rejection (a gate screen with the default texts).
          await page.goto(stack.demoUrl(allowlistAppId, { theme }));
          await openLogin(page);
          const outsider = `outsider-${++counter}@example.com`;
          await submitEmail(page, outsider);
          await enterCode(page, await codeFromMail(stack.smtp, outsider));
          await page.locator(id('lk-screen-allowlist')).waitFor({ state: 'visible' });
          await shoot(page, `allowlist-${suffix}`);
        } finally {
          await context.close();
        }
      });
    }
  }
});
