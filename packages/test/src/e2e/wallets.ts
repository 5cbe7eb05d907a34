import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { id, openLogin, text } from './modal.ts';
import type { Stack } from './stack.ts';

/** The picker's wallet rows (`lk-wallet-row-*`). */
export function walletRows(page: Page): Locator {
  return page.locator('[data-testid^="lk-wallet-row-"]');
}

/** The picker row whose label is `name`. */
export function walletRow(page: Page, name: string): Locator {
  return walletRows(page).filter({ hasText: name });
}

/** Opens the modal from the demo's 'Log in' and goes to 'Select your wallet'. */
export async function openWalletLogin(page: Page): Promise<void> {
  await openLogin(page);
  await page.locator(id('lk-login-method-wallet')).click();
  await page.locator(id('lk-screen-wallets')).waitFor({ state: 'visible' });
}

/**
 * Picks `name` in the picker; on 'Select network' (a wallet offering both chains) takes `network`.
 * Returns once the modal has moved on from the picker.
 */
export async function pickWallet(
  page: Page,
  name: string,
  network: 'ethereum' | 'solana' = 'ethereum',
): Promise<void> {
  await walletRow(page, name).first().click();
  const networkScreen = page.locator(id('lk-screen-wallet-network'));
  const connecting = page.locator(id('lk-screen-wallet-connecting'));
  const modal = page.locator(id('lk-modal'));
  // Wait for whichever comes next: the network choice, the connecting screen, or the modal closing.
  await expect
    .poll(
      async () =>
        (await networkScreen.isVisible()) || (await connecting.isVisible()) || !(await modal.isVisible()),
      { timeout: 10_000 },
    )
    .toBe(true);
  if (await networkScreen.isVisible()) await page.locator(id(`lk-network-${network}`)).click();
}

/** GET /api/v1/users/me as the demo's origin would send it: the wire user. */
export async function usersMe(
  stack: Stack,
  appId: string,
  token: string,
): Promise<{ status: number; user: WireUser | null }> {
  const response = await fetch(`${stack.server.url}/api/v1/users/me`, {
    headers: { authorization: `Bearer ${token}`, 'privy-app-id': appId, origin: stack.demo.url },
  });
  const body = (await response.json().catch(() => ({}))) as { user?: WireUser };
  return { status: response.status, user: body.user ?? null };
}

export interface WireUser {
  id: string;
  linked_accounts: ({ type: string } & Record<string, unknown>)[];
}

/** The wallet accounts of the wire user. */
export function linkedWallets(user: WireUser | null): Record<string, unknown>[] {
  return (user?.linked_accounts ?? []).filter((account) => account.type === 'wallet');
}

/** The demo's current access token (it shows one once logged in). */
export async function demoAccessToken(page: Page): Promise<string> {
  await expect.poll(() => text(page, 'demo-access-token'), { timeout: 10_000 }).not.toBe('');
  return text(page, 'demo-access-token');
}
