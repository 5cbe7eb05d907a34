/**
 * Visual regression and accessibility of every modal screen, from the screen gallery
 * (packages/react/gallery, served at /gallery/ on the demo's origin with a real client for an app of
 * the real server). For each screen, light and dark, at 1024 px (visual.test.ts) and 375 px
 * (visual-375.test.ts): the dialog's screenshot is compared with its baseline in e2e/baselines/
 * (pixelmatch); at 375 px nothing in the dialog may scroll sideways; at 1024 px axe-core finds no
 * serious or critical violation (light, dark and a custom accent). Also checks the shell's geometry:
 * a 360 px dialog above 440 px, a bottom sheet below.
 *
 * Update the baselines after a deliberate change of the look:
 *   LATCHKEY_UPDATE_SCREENSHOTS=1 npm run test:e2e -- e2e/visual
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Stack, startStack } from '@latchkey/test/e2e';
import { totpCode } from '@latchkey/test/server';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { seriousViolations } from './axe.ts';
import { compareWithBaseline } from './png-compare.ts';

const baselines = join(import.meta.dirname, 'baselines');
const artifacts = join(import.meta.dirname, '../artifacts/screenshots');
const update = process.env.LATCHKEY_UPDATE_SCREENSHOTS === '1';
const updateHint = 'LATCHKEY_UPDATE_SCREENSHOTS=1 npm run test:e2e -- e2e/visual';
/** Every page's clock starts here and is paused a minute later: countdowns and dates never move. */
const startTime = new Date('2026-01-15T10:00:00Z').getTime();
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
/** A viewport's file: the wide one (a centred dialog, axe) and the narrow one (a bottom sheet). */
export const wideViewport = { width: 1024, height: 768 };
export const narrowViewport = { width: 375, height: 812 };

/** The signed-in entries' user: the MFA app's test credentials (a fixed email and code). */
const galleryUser = { email: 'ada@example.com', code: '424242' };

/** Turnstile's explicit-render API, stood in for: its challenge waits for the user and never answers. */
const waitingTurnstile = `window.turnstile = { render() { return 'widget-1'; }, execute() {}, remove() {} };`;

/** What the gallery page (packages/react/gallery/main.tsx) offers as `window.lkGallery`. */
interface GalleryInfo {
  entries: { id: string; phone: boolean; ready: string | null; typeCode: string | null; signedIn: boolean }[];
  missing: Record<string, string>;
  uncovered: string[];
  show(id: string, theme: string): Promise<void>;
  user: {
    logIn(email: string, code: string): Promise<string[]>;
    startTotp(): Promise<string>;
    finishTotp(code: string): Promise<string[]>;
  };
}
/** In the page (evaluated there: nothing of this file's scope reaches it). */
type GalleryWindow = Window & { lkGallery: GalleryInfo };

/** The suite at one viewport: each viewport is a file of its own, so the two run at once (one per core). */
export function visualSuite(viewport: { width: number; height: number }): void {
  describe(`modal screens at ${viewport.width} px: visual regression and accessibility`, () => {
    let stack: Stack;
    let appId: string;
    /** An app with MFA (authenticator apps) and its test credentials on: the signed-in entries' client. */
    let userAppId: string;

    beforeAll(async () => {
      mkdirSync(artifacts, { recursive: true });
      stack = await startStack();
      // Captcha on (Turnstile, whose script the pages get from a stand-in): the captcha screen has a provider.
      appId = await stack.createApp({
        email_auth: true,
        sms_auth: true,
        google_oauth: true,
        captcha_enabled: true,
        enabled_captcha_provider: 'turnstile',
        captcha_site_key: 't:gallery-site',
        captcha_secret_key: 'gallery-secret',
      });
      userAppId = await stack.createApp({
        email_auth: true,
        mfa_methods: ['totp'],
        test_credentials_enabled: true,
        test_email: galleryUser.email,
        test_otp_code: galleryUser.code,
      });
    });
    afterAll(async () => {
      await stack?.close();
    });

    async function openGallery(viewport: { width: number; height: number }, phone: boolean) {
      const { context, page, errors } = await stack.newPage(
        viewport,
        phone ? { userAgent: iphone, isMobile: true, hasTouch: true } : {},
      );
      await page.route('https://challenges.cloudflare.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/javascript', body: waitingTurnstile }),
      );
      // The phone's wallet app takes its universal link, and the page stays where it was (a 204 does that).
      await page.route('https://metamask.app.link/**', (route) => route.fulfill({ status: 204 }));
      // Screens at rest: the shell's transitions (open, height, screen fade, the sheet's slide) are off
      // under reduced motion, so a screenshot or axe's contrast never meets a half-faded screen.
      // The motion itself is tested in modal-layout.test.ts.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.clock.install({ time: startTime });
      const query = new URLSearchParams({ appId, apiUrl: stack.apiUrl, userAppId });
      await page.goto(`${stack.demo.url}/gallery/?${query}`);
      await page.waitForFunction(() => 'lkGallery' in window);
      await page.clock.pauseAt(startTime + 60_000);
      return { context, page, errors };
    }

    /**
     * Logs the signed-in entries' user in through the real server (the app's test credentials) and, the
     * first time, enrols their authenticator app through the wallet frame, with the code for its secret
     * on the server's clock. The page's clock runs meanwhile (the frame's handshake has timers).
     */
    async function logInUser(page: Page): Promise<void> {
      await page.clock.resume();
      const { email, code } = galleryUser;
      let factors = await page.evaluate(
        ([email, code]) => (window as GalleryWindow).lkGallery.user.logIn(email, code),
        [email, code] as const,
      );
      if (!factors.includes('totp')) {
        const secret = await page.evaluate(() => (window as GalleryWindow).lkGallery.user.startTotp());
        const totp = totpCode(secret, stack.server.ctx.now());
        factors = await page.evaluate(
          (totp) => (window as GalleryWindow).lkGallery.user.finishTotp(totp),
          totp,
        );
      }
      expect(factors).toEqual(['totp']);
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    }

    /** Shows an entry and waits until its screen settled; the paused clock is moved on by hand. */
    async function show(page: Page, entry: GalleryInfo['entries'][number], theme: string): Promise<void> {
      await page.evaluate(([id, theme]) => (window as GalleryWindow).lkGallery.show(id, theme), [
        entry.id,
        theme,
      ] as const);
      // Short timers (the wallets' discovery) run; the code screen's 30 s countdown stays put.
      await page.clock.runFor(500);
      if (entry.typeCode) {
        await page.locator('[data-testid="lk-code-digit-0"]').click();
        await page.keyboard.type(entry.typeCode);
      }
      const ready = page.locator(`.lk-modal ${entry.ready ?? 'h2'}`).first();
      await ready.waitFor({ state: 'visible' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
    }

    /** The screenshot compared with its baseline (which an update rewrites when they differ); what is wrong. */
    async function compareShot(page: Page, name: string): Promise<{ missing?: string; different?: string }> {
      const shot = await page.locator('.lk-modal').screenshot({ animations: 'disabled', caret: 'hide' });
      const baseline = join(baselines, `${name}.png`);
      // Rendering here is deterministic but for a few anti-aliased pixels at the dialog's rounded corners:
      // a strict colour threshold, and 10 pixels of slack.
      const result = compareWithBaseline(shot, baseline, {
        threshold: 0.05,
        maxDiffPixels: 10,
        artifactPrefix: join(artifacts, name),
      });
      if (result.status === 'same') return {};
      if (update) {
        // Only what changed is written: the corners' noise leaves the other baselines (and git) alone.
        writeFileSync(baseline, shot);
        return {};
      }
      return result.status === 'missing' ? { missing: name } : { different: `${name}: ${result.reason}` };
    }

    /** Elements in the dialog whose content is wider than they are (they would scroll sideways). */
    function sidewaysScrollers(page: Page): Promise<string[]> {
      return page.evaluate(() => {
        const root = document.querySelector('latchkey-modal')?.shadowRoot?.querySelector('.lk-modal');
        if (!root) return ['no dialog'];
        return (
          [root, ...root.querySelectorAll('*')]
            // Scroll containers (and the dialog); text hidden for screen readers only is clipped to 1 px on purpose.
            .filter((el) => el === root || getComputedStyle(el).overflowX !== 'visible')
            .filter((el) => getComputedStyle(el).clip === 'auto')
            .filter((el) => el.scrollWidth > el.clientWidth)
            .map(
              (el) =>
                `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} ${el.scrollWidth}>${el.clientWidth}`,
            )
        );
      });
    }

    /** axe on the dialog; it schedules its work with timers, so the clock runs while it looks. */
    async function axeOnDialog(page: Page): Promise<string[]> {
      await page.clock.resume();
      const found = await seriousViolations(page, { fromShadowDom: ['latchkey-modal', '.lk-modal'] });
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      return found;
    }

    const wide = viewport.width > 440;
    // The custom accent is checked by axe only (its look is not a baseline of its own).
    const themes = wide ? ['light', 'dark', 'accent'] : ['light', 'dark'];
    test(`every screen at ${viewport.width} px, light and dark${wide ? ', axe' : ', no sideways scroll'}`, async () => {
      const different: string[] = [];
      const missing: string[] = [];
      const overflowing: string[] = [];
      const violations: string[] = [];
      // One page at a time: a page in the background gets no animation frames, and its clock stalls.
      for (const phone of [false, true]) {
        const { context, page, errors } = await openGallery(viewport, phone);
        try {
          const info: Pick<GalleryInfo, 'entries' | 'missing' | 'uncovered'> = await page.evaluate(() => {
            const { entries, missing, uncovered } = (window as GalleryWindow).lkGallery;
            return { entries, missing, uncovered };
          });
          expect(info.uncovered, 'modal screens the gallery does not show').toEqual([]);
          expect(info.entries.length).toBeGreaterThan(60);

          let loggedIn = false;
          for (const entry of info.entries.filter((e) => e.phone === phone)) {
            if (entry.signedIn && !loggedIn) {
              await logInUser(page);
              loggedIn = true;
            }
            for (const theme of themes) {
              const name = `${entry.id}-${viewport.width}-${theme}`;
              await show(page, entry, theme);
              if (theme !== 'accent') {
                const problem = await compareShot(page, name);
                if (problem.missing) missing.push(problem.missing);
                if (problem.different) different.push(problem.different);
              }
              if (!wide) for (const w of await sidewaysScrollers(page)) overflowing.push(`${name}: ${w}`);
              if (wide) for (const v of await axeOnDialog(page)) violations.push(`${name}: ${v}`);
            }
          }

          if (!phone) {
            // The shell's geometry, on the landing with many methods (the full height).
            await show(
              page,
              { id: 'landing-many', phone: false, ready: null, typeCode: null, signedIn: false },
              'light',
            );
            const box = await page.locator('.lk-modal').boundingBox();
            if (!box) throw new Error('The dialog has no box');
            if (wide) {
              expect.soft(Math.round(box.width), 'dialog width').toBe(360);
              expect.soft(box.x, 'dialog centred').toBeCloseTo((viewport.width - box.width) / 2, 0);
            } else {
              expect.soft(Math.round(box.width), 'bottom sheet width').toBe(viewport.width);
              expect.soft(Math.round(box.y + box.height), 'bottom sheet bottom').toBe(viewport.height);
            }
            expect.soft(Math.round(box.height), 'modal height (full: 620 px)').toBeLessThanOrEqual(620);
          }
          expect.soft(errors, `page errors${phone ? ' (phone)' : ''}`).toEqual([]);
        } finally {
          await context.close();
        }
      }
      expect.soft(missing, `screens without a baseline; create them with: ${updateHint}`).toEqual([]);
      expect
        .soft(
          different,
          `screens unlike their baselines (actual and diff PNGs in artifacts/screenshots/; if the change is meant: ${updateHint})`,
        )
        .toEqual([]);
      expect.soft(overflowing, 'dialog content wider than the dialog').toEqual([]);
      expect.soft(violations, 'serious or critical axe violations').toEqual([]);
    }, 900_000);
  });
}
