/**
 * The modal is the page's guest, not its styles' (issue 26): it renders in the shadow root of its
 * `<latchkey-modal>` host, with a reset at the root, so a host page's global CSS cannot reach it.
 * From the screen gallery (packages/react/gallery, as in visual.test.ts), at 1024 and 390 px:
 *
 * - the landing screen (with the 'Recent' chip), the email code screen and the wallet picker, shown
 *   on the clean page and again under a hostile stylesheet (element selectors, `!important` resets,
 *   `:root { font-size: 10px }`, `* { box-sizing: content-box }`, inherited properties on html and
 *   body, rules aimed at the host element itself): the two screenshots are pixel-equal;
 * - the email field's placeholder shows whole beside the 'Recent' chip;
 * - the modal's preview (`@latchkey/react/preview`) for the same app config and host config has the
 *   modal's DOM (the shadow roots' `.lk-inner`, useId's ids aside) and the host's theme, in light,
 *   dark and a custom accent.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { id, modalHost, type Stack, startStack } from '@latchkey/test/e2e';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { compareWithBaseline } from './png-compare.ts';

const artifacts = join(import.meta.dirname, '../artifacts/screenshots/isolation');
const startTime = new Date('2026-01-15T10:00:00Z').getTime();

/** A page that styles everything it can name, loudly, and with `!important` where it would win. */
const hostileCss = `
:root { font-size: 10px !important; }
* { box-sizing: content-box !important; margin: 3px !important; padding: 2px !important; }
*, *::before, *::after { letter-spacing: 2px !important; text-shadow: 1px 1px red !important; }
html, body { color: #c00 !important; font: italic 22px/3 Georgia, serif !important; letter-spacing: .3em;
  text-transform: uppercase !important; word-spacing: 6px; text-align: right; direction: rtl;
  visibility: visible; cursor: crosshair; accent-color: lime; }
body { color-scheme: dark; }
div, p, span, label, a, h1, h2, h3 { color: #0a0 !important; font-size: 2rem !important;
  line-height: 1 !important; display: block !important; border: 1px dashed red !important; }
input, button, select { all: unset; background: #ddd !important; border: 3px solid #000 !important;
  height: 60px !important; font-size: 24px !important; border-radius: 0 !important; }
input:not([type="checkbox"]) { padding: 10px 14px !important; background: #eee !important; }
svg, img { width: 100px !important; height: 100px !important; display: block !important; fill: red !important; }
dialog { padding: 40px !important; border: 5px solid red !important; width: 800px !important;
  max-width: none !important; background: yellow !important; font-size: 30px !important; }
dialog::backdrop { background: rgb(255 0 0 / .5) !important; }
latchkey-modal, latchkey-modal * { display: block !important; position: fixed !important; top: 0 !important;
  color: red !important; font-size: 40px !important; --lk-h: 100px; }
`;

/** What the gallery page offers (packages/react/gallery/main.tsx). */
type GalleryWindow = Window & {
  lkGallery: {
    show(id: string, theme: string): Promise<void>;
    preview(id: string, theme: string): Promise<void>;
  };
};

const viewports = [
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];
/** The landing with the 'Recent' chip, the email code screen and a wallet screen, and what each waits for. */
const entries = [
  { id: 'landing-recent', ready: '[data-testid=lk-recent-chip]' },
  { id: 'code-sent', ready: 'h2' },
  { id: 'wallets', ready: '[data-testid=lk-wallet-list] button' },
];

describe('the modal against the host page', () => {
  let stack: Stack;
  let appId: string;

  beforeAll(async () => {
    mkdirSync(artifacts, { recursive: true });
    stack = await startStack();
    appId = await stack.createApp({ email_auth: true, sms_auth: true, google_oauth: true });
  });
  afterAll(async () => {
    await stack?.close();
  });

  async function openGallery(viewport: { width: number; height: number }) {
    const opened = await stack.newPage(viewport);
    const { page } = opened;
    // Screens at rest and countdowns still, as in visual.test.ts.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install({ time: startTime });
    // The gallery's second client (signed-in entries) is not used here: the same app stands in.
    const query = new URLSearchParams({ appId, apiUrl: stack.apiUrl, userAppId: appId });
    await page.goto(`${stack.demo.url}/gallery/?${query}`);
    await page.waitForFunction(() => 'lkGallery' in window);
    await page.clock.pauseAt(startTime + 60_000);
    return opened;
  }

  async function show(page: Page, entry: string, ready: string): Promise<void> {
    await page.evaluate(([entry]) => (window as GalleryWindow).lkGallery.show(entry!, 'light'), [entry]);
    await page.clock.runFor(500);
    await page.locator(`.lk-modal ${ready}`).first().waitFor({ state: 'visible' });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
  }

  const shot = (page: Page) =>
    page.locator('.lk-modal').screenshot({ animations: 'disabled', caret: 'hide' });

  test('hostile global CSS leaves the landing, code and wallet screens pixel-equal to the clean page', async () => {
    const different: string[] = [];
    for (const viewport of viewports) {
      const { context, page, errors } = await openGallery(viewport);
      try {
        for (const entry of entries) {
          const name = `${entry.id}-${viewport.width}`;
          await show(page, entry.id, entry.ready);
          const clean = join(artifacts, `${name}-clean.png`);
          writeFileSync(clean, await shot(page));
          const style = await page.addStyleTag({ content: hostileCss });
          await show(page, entry.id, entry.ready);
          // The stylesheet is live: the page's own elements take it.
          expect(await page.evaluate(() => getComputedStyle(document.body).textTransform)).toBe('uppercase');
          const result = compareWithBaseline(await shot(page), clean, {
            // Same page, same fonts: only the dialog's anti-aliased corners may differ.
            threshold: 0.05,
            maxDiffPixels: 10,
            artifactPrefix: join(artifacts, `${name}-hostile`),
          });
          if (result.status !== 'same')
            different.push(`${name}: ${result.status === 'different' ? result.reason : 'no clean shot'}`);
          await style.evaluate((element) => (element as HTMLStyleElement).remove());
        }
        expect.soft(errors, 'page errors').toEqual([]);
      } finally {
        await context.close();
      }
    }
    expect(different, `screens that moved under the hostile CSS (PNGs in ${artifacts})`).toEqual([]);
  }, 120_000);

  test("the email placeholder shows whole beside the 'Recent' chip, on the clean and the hostile page", async () => {
    for (const viewport of viewports) {
      const { context, page } = await openGallery(viewport);
      try {
        for (const hostile of [false, true]) {
          if (hostile) await page.addStyleTag({ content: hostileCss });
          await show(page, 'landing-recent', '[data-testid=lk-recent-chip]');
          const fit = await page.locator(id('lk-email-input')).evaluate((input) => {
            const field = input as HTMLInputElement;
            const style = getComputedStyle(field);
            const context = document.createElement('canvas').getContext('2d')!;
            context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            return { text: context.measureText(field.placeholder).width, room: field.clientWidth };
          });
          expect(
            fit.text,
            `placeholder at ${viewport.width} px${hostile ? ', hostile page' : ''}`,
          ).toBeLessThanOrEqual(fit.room);
        }
      } finally {
        await context.close();
      }
    }
  }, 60_000);

  test("the preview's DOM and theme are the modal's for the same app and host config", async () => {
    const { context, page } = await openGallery({ width: 1024, height: 768 });
    /** The host's theme and the shadow root's `.lk-inner`, with useId's ids numbered in order. */
    const snapshot = (selector: string) =>
      page.locator(selector).evaluate((host) => {
        let html = host.shadowRoot!.querySelector('.lk-inner')!.innerHTML;
        const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]!);
        ids.forEach((value, index) => {
          html = html.replaceAll(value, `id-${index}`);
        });
        const dialog = host.shadowRoot!.querySelector('.lk-modal')!;
        return {
          html,
          theme: host.getAttribute('data-theme'),
          style: host.getAttribute('style'),
          size: dialog.getAttribute('data-size'),
        };
      });
    try {
      for (const entry of ['landing-few', 'landing-many']) {
        for (const theme of ['light', 'dark', 'accent']) {
          await page.evaluate(
            ([entry, theme]) => (window as GalleryWindow).lkGallery.show(entry!, theme!),
            [entry, theme],
          );
          await page.clock.runFor(500);
          await page.locator('.lk-modal [data-testid=lk-screen-landing]').waitFor();
          const modal = await snapshot(modalHost);
          await page.evaluate(
            ([entry, theme]) => (window as GalleryWindow).lkGallery.preview(entry!, theme!),
            [entry, theme],
          );
          await page.clock.runFor(100);
          await page.locator(id('lk-preview')).locator(id('lk-screen-landing')).waitFor();
          const preview = await snapshot(id('lk-preview'));
          expect(modal.html).toContain('lk-login-method-');
          expect(preview, `${entry}, ${theme}`).toEqual(modal);
        }
      }
    } finally {
      await context.close();
    }
  }, 60_000);
});
