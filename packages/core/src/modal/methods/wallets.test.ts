import { startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import { type Hex, hexToString } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { WalletConnectionEvent } from '../../wallets/connectionState.ts';
import type { EIP1193Provider, WalletWindow } from '../../wallets/types.ts';
import { createModalFlow } from '../flow.ts';
import type { FlowOutcome } from '../outcomes.ts';
import { pickerChains, pickerWallets } from '../wallet-picker.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer('sqlite');
});
afterAll(async () => {
  await t.close();
});

/** A page on the app's allowed origin with one EIP-6963 wallet holding a real key. */
function pageWithWallet() {
  const account = privateKeyToAccount(generatePrivateKey());
  const win = new EventTarget() as WalletWindow;
  Object.assign(win, { location: { host: 'app.test', origin: 'http://app.test', search: '' } });
  const provider: EIP1193Provider = {
    async request({ method, params }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address];
      if (method === 'eth_chainId') return '0x1';
      if (method === 'personal_sign') {
        const [message] = params as [Hex];
        return account.signMessage({ message: hexToString(message) });
      }
      throw Object.assign(new Error('Method not found'), { code: -32601 });
    },
  };
  const announce = () =>
    win.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { uuid: 'test-uuid', name: 'Test Wallet', icon: 'data:,', rdns: 'dev.latchkey.test' },
          provider,
        }),
      }),
    );
  win.addEventListener('eip6963:requestProvider', announce);
  return { win, account };
}

async function walletHarness(intent: 'login' | 'connect-wallet') {
  const { app } = await t.createApp({ wallet_auth: true });
  const { win, account } = pageWithWallet();
  const { client } = testClient(t, app.id, { walletWindow: win });
  await client.initialize();
  const outcomes: FlowOutcome[] = [];
  let dismissed = 0;
  const flow = createModalFlow({
    client,
    settings: () => ({}),
    report: (outcome) => outcomes.push(outcome),
    dismiss: () => {
      dismissed += 1;
    },
    walletCaptcha: async () => undefined,
  });
  const detach = flow.attach();
  flow.open({ intent, id: 1 });
  const manager = await client.wallets();
  // Wallets announce themselves when the page asks (EIP-6963), right after discovery starts.
  await vi.waitFor(() => expect(manager.getState().available).not.toEqual([]));
  const rows = pickerWallets(manager.getState(), pickerChains(undefined, client.getState().appConfig));
  return { client, flow, outcomes, rows, account, detach, dismissed: () => dismissed };
}

describe('the wallet flows', () => {
  it('logs in with an injected wallet: picker → connecting → SIWE, and reports the login', async () => {
    const h = await walletHarness('login');
    expect(h.flow.screen()).toEqual({ name: 'landing' });
    h.flow.login.chooseMethod('wallet');
    expect(h.flow.screen()).toEqual({ name: 'wallets' });
    const wallet = h.rows.find((row) => row.id === 'dev.latchkey.test');
    expect(wallet).toMatchObject({ name: 'Test Wallet', installed: true, chains: ['ethereum'] });
    h.flow.wallets.select(wallet!);
    expect(h.flow.screen()).toEqual({
      name: 'wallet-connecting',
      walletId: 'dev.latchkey.test',
      chainType: 'ethereum',
    });

    const steps: WalletConnectionEvent['type'][] = [];
    await h.flow.wallets.run('dev.latchkey.test', 'ethereum', (event) => steps.push(event.type));
    expect(steps).toEqual(['connect', 'connected', 'sign', 'signed']);
    expect(h.outcomes.map((o) => o.type)).toEqual(['wallet-connected', 'login-complete']);
    expect(h.outcomes[1]).toMatchObject({ method: 'siwe', isNewUser: true });
    expect(h.client.getState().user?.linked_accounts).toContainEqual(
      expect.objectContaining({ type: 'wallet', address: h.account.address }),
    );
    // The connecting screen stays ('Successfully connected with …') until the close.
    expect(h.flow.screen().name).toBe('wallet-connecting');
    h.detach();
  });

  it('connects only, without a login, and goes back to the picker for a different wallet', async () => {
    const h = await walletHarness('connect-wallet');
    const wallet = h.rows.find((row) => row.id === 'dev.latchkey.test')!;
    h.flow.wallets.select(wallet);
    h.flow.wallets.differentWallet();
    expect(h.flow.screen()).toEqual({ name: 'wallets' });
    h.flow.wallets.select(wallet);
    await h.flow.wallets.run(wallet.id, 'ethereum', () => undefined);
    expect(h.outcomes.map((o) => o.type)).toEqual(['wallet-connected', 'connect-wallet-success']);
    expect(h.client.getState().authenticated).toBe(false);
    h.detach();
  });

  it('sends a wallet not in this browser to its install screen, and selects the deep link once', async () => {
    const h = await walletHarness('login');
    const phantom = pickerWallets({ available: [] }, ['ethereum', 'solana']).find(
      (w) => w.id === 'app.phantom',
    )!;
    h.flow.wallets.select(phantom);
    expect(h.flow.screen()).toEqual({ name: 'wallet-install', walletId: 'app.phantom' });
    h.flow.open({ intent: 'login', id: 2, walletClient: 'test_wallet' });
    expect(h.flow.screen()).toEqual({ name: 'wallets' });
    expect(h.flow.wallets.autoSelect()).toBe('test_wallet');
    h.flow.wallets.select(h.rows[0]!);
    expect(h.flow.wallets.autoSelect()).toBeNull();
    h.detach();
  });
});
