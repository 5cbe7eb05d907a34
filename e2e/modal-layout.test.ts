/**
 * The modal's size, motion and layout in real Chromium (issue 16): the dialog takes its content's
 * height up to the spec's 'Heights: full 620px, compact 480px' and follows height changes with an
 * animation; it fades in and out, the bottom sheet slides up and has a grab handle, and all of it
 * stops under `prefers-reduced-motion: reduce`. On the confirm-transaction screen (a real EVM node)
 * the balance card holds its address and balance, Approve and 'Not now' stay on screen when Details
 * open (at 1024 px and in a 390 px viewport), and the receipt's Copy button is in view and copies the
 * full hash.
 */

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type EvmNode, startEvmNode } from '@latchkey/test/chains';
import {
  emailLoginCreatingWallets,
  id,
  modalClosed,
  modalHost,
  openLogin,
  type Stack,
  startStack,
  submitEmail,
  text,
} from '@latchkey/test/e2e';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

/** Creation runs in the frame and on the server: allow for it. */
const walletTimeout = 60_000;
/** Screenshots of the signing screens, for a look (the e2e README: `artifacts/screenshots/`). */
const dir = join(import.meta.dirname, '../artifacts/screenshots');
const shoot = (page: Page, name: string) => page.screenshot({ path: join(dir, `layout-${name}.png`) });

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('No box: the element is not rendered');
  return box;
}

/** Whether `inner` lies inside `outer` (to the half pixel). */
function inside(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/**
 * Records, every frame from the page's start, what the modal animates: `transition:<property>`,
 * `animation:<name>` and each property a script animation (`Element.animate`) moves.
 */
function recordModalMotion() {
  const seen = new Set<string>();
  (window as unknown as { lkMotion: Set<string> }).lkMotion = seen;
  const tick = () => {
    // The modal's animations are its shadow root's (the document's list leaves them out).
    const root = document.querySelector('latchkey-modal')?.shadowRoot;
    for (const animation of new Set([...document.getAnimations(), ...(root?.getAnimations() ?? [])])) {
      const effect = animation.effect as KeyframeEffect | null;
      const target = effect?.target;
      if (!target?.closest('.lk-modal')) continue;
      if (animation instanceof CSSTransition) seen.add(`transition:${animation.transitionProperty}`);
      else if (animation instanceof CSSAnimation) seen.add(`animation:${animation.animationName}`);
      else
        for (const frame of effect?.getKeyframes() ?? [])
          for (const key of Object.keys(frame))
            if (!['offset', 'computedOffset', 'easing', 'composite'].includes(key)) seen.add(key);
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

const motion = (page: Page) =>
  page.evaluate(() => [...(window as unknown as { lkMotion: Set<string> }).lkMotion].sort());

/** Animations in the page and in the modal's shadow root. */
const animationCount = (page: Page) =>
  page.evaluate(
    () =>
      new Set([
        ...document.getAnimations(),
        ...(document.querySelector('latchkey-modal')?.shadowRoot?.getAnimations() ?? []),
      ]).size,
  );

/** Animations running in the modal now. */
const runningInModal = (page: Page) =>
  page.evaluate(
    () =>
      // The modal's are its shadow root's (the document's list may leave them out).
      [
        ...new Set([
          ...document.getAnimations(),
          ...(document.querySelector('latchkey-modal')?.shadowRoot?.getAnimations() ?? []),
        ]),
      ]
        .filter((a) => (a.effect as KeyframeEffect | null)?.target?.closest('.lk-modal'))
        .filter((a) => a.playState === 'running').length,
  );

/**
 * Waits until the modal has stopped moving (open, height and screen transitions done). Two frames
 * first: a change's height animation starts from the ResizeObserver after the next layout, and a
 * poll before it would find nothing running yet (seen on a loaded CI machine).
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await expect.poll(() => runningInModal(page)).toBe(0);
}

/** The dialog's height and its content's (the top bar and the screen). */
const heights = (page: Page) =>
  page.locator(modalHost).evaluate((host) => {
    const dialog = host.shadowRoot!.querySelector<HTMLDialogElement>('[data-testid="lk-modal"]')!;
    return {
      size: dialog.dataset.size,
      dialog: dialog.getBoundingClientRect().height,
      content: dialog.querySelector<HTMLElement>('.lk-inner')!.offsetHeight,
    };
  });

/** The elements (visually hidden ones aside) in `container` that reach outside its box. */
const outside = (container: Locator) =>
  container.evaluate((root) => {
    const box = root.getBoundingClientRect();
    return [...root.querySelectorAll<HTMLElement>('*')]
      .filter((el) => !el.closest('.lk-visually-hidden'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return (
          r.left < box.left - 0.5 ||
          r.right > box.right + 0.5 ||
          r.top < box.top - 0.5 ||
          r.bottom > box.bottom + 0.5
        );
      })
      .map((el) => el.outerHTML.slice(0, 80));
  });

/** No element of the open screen reaches past the dialog's sides (nothing scrolls sideways). */
const sidewaysOverflow = (page: Page) =>
  page.locator(modalHost).evaluate((host) => {
    const dialog = host.shadowRoot!.querySelector('[data-testid="lk-modal"]')!;
    const box = dialog.getBoundingClientRect();
    const screen = dialog.querySelector('.lk-screen')!;
    const out = [...screen.querySelectorAll<HTMLElement>('*')]
      .filter((el) => !el.classList.contains('lk-visually-hidden'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
      })
      .map((el) => el.dataset.testid ?? el.className ?? el.tagName);
    return { out, scrolls: screen.scrollWidth > screen.clientWidth };
  });

describe("the modal's size, motion and layout", () => {
  let stack: Stack;
  let evm: EvmNode;
  let appId: string;
  const contexts: BrowserContext[] = [];
  let counter = 0;

  beforeAll(async () => {
    mkdirSync(dir, { recursive: true });
    [stack, evm] = await Promise.all([startStack(), startEvmNode()]);
    appId = await stack.createApp({
      email_auth: true,
      embedded_wallet_config: { ethereum: { create_on_login: 'users-without-wallets' } },
    });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await Promise.all([stack?.close(), evm?.stop()]);
  });

  async function newPage(viewport: { width: number; height: number }, reducedMotion?: 'reduce') {
    const { context, page, errors } = await stack.newPage(viewport, {
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    contexts.push(context);
    if (reducedMotion) await page.emulateMedia({ reducedMotion });
    await page.addInitScript(recordModalMotion);
    await page.goto(`${stack.demoUrl(appId)}&${new URLSearchParams({ evmRpcUrl: evm.url })}`);
    return { page, errors };
  }

  test('a compact screen takes its content height, below 480 px; the height animates between screens', async () => {
    const { page, errors } = await newPage({ width: 1024, height: 768 });
    await openLogin(page);
    await settled(page);
    const landing = await heights(page);
    expect(landing.size).toBe('compact');
    expect(landing.dialog).toBeLessThan(480);
    expect(landing.dialog).toBeCloseTo(landing.content, 0);

    await submitEmail(page, `layout-${++counter}@example.com`);
    await settled(page);
    const code = await heights(page);
    expect(code.dialog).toBeLessThanOrEqual(480);
    expect(code.dialog).toBeCloseTo(code.content, 0);
    expect(code.dialog).not.toBeCloseTo(landing.dialog, 0);

    // The dialog faded and scaled in, the screens faded in, and the height followed the content.
    const seen = await motion(page);
    expect(seen).toEqual(expect.arrayContaining(['transition:opacity', 'transition:transform', 'height']));
    expect(seen).toContain('animation:lk-screen-in');

    // Closing fades out too (the dialog stays in the top layer while it does), then it is gone.
    await page.locator(id('lk-close')).click();
    await modalClosed(page);
    expect(errors).toEqual([]);
  });

  test('the bottom sheet at 375 px sits at the bottom, full width, with a grab handle', async () => {
    const { page } = await newPage({ width: 375, height: 812 });
    await openLogin(page);
    await settled(page);
    const sheet = await boxOf(page.locator(id('lk-modal')));
    expect(Math.round(sheet.width)).toBe(375);
    expect(Math.round(sheet.y + sheet.height)).toBe(812);
    expect(sheet.height).toBeLessThan(480);

    const handle = page.locator(id('lk-grab-handle'));
    expect(await handle.isVisible()).toBe(true);
    expect(await handle.getAttribute('aria-hidden')).toBe('true');
    const grip = await boxOf(handle);
    expect(inside(grip, sheet)).toBe(true);
    expect(grip.y - sheet.y).toBeLessThan(16);
    expect(await sidewaysOverflow(page)).toEqual({ out: [], scrolls: false });
    // It slid up: a transform transition ran on the dialog.
    expect(await motion(page)).toContain('transition:transform');

    // The 360 px dialog above 440 px has no handle.
    await page.setViewportSize({ width: 1024, height: 768 });
    expect(await handle.isVisible()).toBe(false);
  });

  test('under prefers-reduced-motion nothing in the modal moves', async () => {
    const { page } = await newPage({ width: 375, height: 812 }, 'reduce');
    await openLogin(page);
    expect(await animationCount(page)).toBe(0);
    await submitEmail(page, `layout-${++counter}@example.com`);
    expect(await animationCount(page)).toBe(0);
    await page.locator(id('lk-close')).click();
    await modalClosed(page);
    expect(await motion(page)).toEqual([]);
  });

  test('confirm transaction: the card holds its address and balance, Approve stays in view with Details open; the receipt copies the full hash', async () => {
    const { page, errors } = await newPage({ width: 1024, height: 768 });
    await emailLoginCreatingWallets(page, stack.smtp, `layout-${++counter}@example.com`, walletTimeout);
    await page.locator(id('demo-embedded-ethereum-0')).waitFor({ state: 'visible' });
    const address = await text(page, 'demo-embedded-ethereum-0');
    const [funder] = (await evm.rpc('eth_accounts')) as string[];
    await evm.rpc('eth_sendTransaction', [{ from: funder, to: address, value: '0x8ac7230489e80000' }]); // 10 ETH

    await page.locator(id('demo-send-to')).fill(`0x${'5a'.repeat(20)}`);
    await page.locator(id('demo-send-value')).fill('1000000000000000');
    await page.locator(id('demo-send-eth')).click();
    await page
      .locator(id('lk-screen-confirm-transaction'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await settled(page);

    const full = await heights(page);
    expect(full.size).toBe('full');
    expect(full.dialog).toBeLessThanOrEqual(620);

    // The balance card: the (shortened) address and 'Balance 10 ETH' inside its box.
    const card = page.locator(id('lk-tx-balance'));
    expect(await text(page, 'lk-tx-balance')).toContain('10 ETH');
    expect(await outside(card)).toEqual([]);
    const cardBox = await boxOf(card);
    const shown = card.locator('.lk-short');
    expect(await shown.getAttribute('title')).toBe(address);
    // Shortened to 0x1234…abcd (11 characters at 13 px monospace), not the 42 of the address.
    expect((await boxOf(shown)).width).toBeLessThan(120);
    expect(inside(await boxOf(shown), cardBox)).toBe(true);
    expect(inside(await boxOf(card.locator('.lk-amount')), cardBox)).toBe(true);
    expect(await sidewaysOverflow(page)).toEqual({ out: [], scrolls: false });

    // Details open: Approve and 'Not now' stay on screen, uncovered, inside the dialog.
    async function actionsInView(): Promise<void> {
      const dialog = await boxOf(page.locator(id('lk-modal')));
      const viewport = page.viewportSize()!;
      for (const testId of ['lk-tx-approve', 'lk-tx-cancel']) {
        const button = page.locator(id(testId));
        const box = await boxOf(button);
        expect(inside(box, dialog), testId).toBe(true);
        expect(inside(box, { x: 0, y: 0, ...viewport }), testId).toBe(true);
        const hit = await page.evaluate(
          ([x, y]) =>
            document.querySelector('latchkey-modal')?.shadowRoot?.elementFromPoint(x!, y!)?.closest('button')
              ?.dataset.testid,
          [box.x + box.width / 2, box.y + box.height / 2],
        );
        expect(hit, testId).toBe(testId);
      }
    }
    await page.locator(id('lk-tx-details-toggle')).click();
    await page.locator(id('lk-tx-details')).waitFor({ state: 'visible' });
    await settled(page);
    expect((await heights(page)).dialog).toBeLessThanOrEqual(620);
    await actionsInView();
    await shoot(page, 'confirm-details-1024');

    // The same in a 390 px viewport (the bottom sheet): nothing overflows sideways.
    await page.setViewportSize({ width: 390, height: 700 });
    await settled(page);
    expect(await sidewaysOverflow(page)).toEqual({ out: [], scrolls: false });
    await actionsInView();
    await shoot(page, 'confirm-details-390');
    await page.setViewportSize({ width: 1024, height: 768 });

    await page.locator(id('lk-tx-approve')).click();
    await page
      .locator(id('lk-screen-transaction-receipt'))
      .waitFor({ state: 'visible', timeout: walletTimeout });
    await expect
      .poll(() => text(page, 'demo-tx-hash'), { timeout: walletTimeout })
      .toMatch(/^0x[0-9a-f]{64}$/);
    const hash = await text(page, 'demo-tx-hash');
    await settled(page);

    // The receipt: the hash shortened (whole in its title), its Copy button in view and in the card.
    const receiptCard = page.locator(id('lk-receipt-hash'));
    expect(await outside(receiptCard)).toEqual([]);
    expect(await receiptCard.locator('.lk-short').getAttribute('title')).toBe(hash);
    const copy = page.locator(id('lk-receipt-copy'));
    const copyBox = await boxOf(copy);
    expect(inside(copyBox, await boxOf(receiptCard))).toBe(true);
    expect(inside(copyBox, await boxOf(page.locator(id('lk-modal'))))).toBe(true);
    expect(await sidewaysOverflow(page)).toEqual({ out: [], scrolls: false });
    await shoot(page, 'receipt-1024');
    await copy.click();
    await expect.poll(() => text(page, 'lk-receipt-copy')).toBe('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(hash);
    // 'Copied' reads for 1.5 s (spec: copy confirmation 1.5 s or 3 s), then 'Copy' again.
    await expect.poll(() => text(page, 'lk-receipt-copy'), { timeout: 3000 }).toBe('Copy');

    await page.locator(id('lk-receipt-done')).click();
    await modalClosed(page);
    expect(errors).toEqual([]);
  });
});
