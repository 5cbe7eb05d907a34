import { describe, expect, it } from 'vitest';
import { readWalletDeepLink } from '../wallets/manager.ts';
import { metamaskDeepLink, phantomDeepLink, pickerWallets, walletReturnUrl } from './wallet-picker.ts';

describe('mobile deep links', () => {
  it('MetaMask: the page without its scheme after /dapp/', () => {
    expect(metamaskDeepLink('https://app.example:8443/login/?a=1&b=two#top')).toBe(
      'https://metamask.app.link/dapp/app.example:8443/login/?a=1&b=two',
    );
    expect(metamaskDeepLink('https://app.example')).toBe('https://metamask.app.link/dapp/app.example/');
  });

  it('Phantom: the whole page encoded after /ul/browse/, the origin as ref', () => {
    expect(phantomDeepLink('https://app.example/login?a=1&b=two')).toBe(
      'https://phantom.app/ul/browse/https%3A%2F%2Fapp.example%2Flogin%3Fa%3D1%26b%3Dtwo?ref=https%3A%2F%2Fapp.example',
    );
  });

  it('the page to reopen carries privy_connector and privy_wallet_client, keeping the rest', () => {
    expect(walletReturnUrl('https://app.example/login?appId=abc#tab', 'metamask', false)).toBe(
      'https://app.example/login?appId=abc&privy_connector=injected&privy_wallet_client=metamask#tab',
    );
  });

  it('connect-only adds privy_connect_only=true; a login drops a stale one and replaces old values', () => {
    expect(walletReturnUrl('https://app.example/', 'phantom', true)).toBe(
      'https://app.example/?privy_connector=injected&privy_wallet_client=phantom&privy_connect_only=true',
    );
    const stale =
      'https://app.example/?privy_connector=x&privy_wallet_client=rainbow&privy_connect_only=true';
    expect(walletReturnUrl(stale, 'metamask', false)).toBe(
      'https://app.example/?privy_connector=injected&privy_wallet_client=metamask',
    );
  });

  it('round trip: the page the wallet opens is read back as the same wallet deep link', () => {
    const page = walletReturnUrl('https://app.example/?appId=abc', 'phantom', true);
    const opened = decodeURIComponent(new URL(phantomDeepLink(page)).pathname.slice('/ul/browse/'.length));
    expect(readWalletDeepLink(new URL(opened).search)).toEqual({
      connector: 'injected',
      walletClient: 'phantom',
      connectOnly: true,
    });
  });

  it('suggestions carry their real store listings; wallets found in the page have none', () => {
    const rows = pickerWallets(
      {
        available: [
          {
            id: 'dev.latchkey.test',
            name: 'Test Wallet',
            icon: '',
            walletClientType: 'test_wallet',
            ethereum: { request: async () => null },
          },
        ],
      },
      ['ethereum', 'solana'],
    );
    const byName = Object.fromEntries(rows.map((r) => [r.name, r.mobile]));
    expect(byName['Test Wallet']).toBeNull();
    expect(byName.MetaMask).toMatchObject({
      appStoreUrl: 'https://apps.apple.com/app/id1438144202',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=io.metamask',
    });
    expect(byName.Phantom).toMatchObject({
      appStoreUrl: 'https://apps.apple.com/app/id1598432977',
      playStoreUrl: 'https://play.google.com/store/apps/details?id=app.phantom',
    });
    expect(byName.MetaMask?.deepLink('https://app.example/')).toBe(
      'https://metamask.app.link/dapp/app.example/',
    );
  });
});
