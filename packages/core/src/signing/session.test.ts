import { defaultAppConfig } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import type { LatchkeyClient } from '../createLatchkeyClient.ts';
import type { EmbeddedConfirmRequest, EmbeddedWallets } from '../embedded/index.ts';
import type { ModalIntent } from '../ui/intents.ts';
import { signingStore } from './queue.ts';
import {
  defaultConfirmHook,
  installSigningConfirm,
  openSigning,
  type SigningContext,
  showWalletUIs,
} from './session.ts';

/** A context whose client only reports the app config: all these functions read of it. */
function context(options: { enforce?: boolean; showWalletUIs?: boolean } = {}) {
  const appConfig = { ...defaultAppConfig, enforce_wallet_uis: options.enforce ?? false };
  const client = { getState: () => ({ appConfig }) } as unknown as LatchkeyClient;
  const opened: ModalIntent[] = [];
  const ctx: SigningContext = {
    client,
    config:
      options.showWalletUIs === undefined
        ? {}
        : { embeddedWallets: { showWalletUIs: options.showWalletUIs } },
    openModal: (intent) => {
      opened.push(intent);
    },
  };
  return { ctx, opened, store: signingStore(client) };
}

const personalSign = {
  method: 'personal_sign',
  address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  params: ['hello', '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'],
  chain: { id: 1, name: 'Ethereum', rpcUrls: { default: { http: [] } } },
} as EmbeddedConfirmRequest;

describe('showWalletUIs', () => {
  it('is on by default; the call overrides the provider config; enforce_wallet_uis overrides both', () => {
    expect(showWalletUIs(context().ctx, undefined)).toBe(true);
    expect(showWalletUIs(context({ showWalletUIs: false }).ctx, undefined)).toBe(false);
    expect(showWalletUIs(context({ showWalletUIs: false }).ctx, { showWalletUIs: true })).toBe(true);
    expect(showWalletUIs(context().ctx, { showWalletUIs: false })).toBe(false);
    expect(
      showWalletUIs(context({ enforce: true, showWalletUIs: false }).ctx, { showWalletUIs: false }),
    ).toBe(true);
  });
});

describe('openSigning', () => {
  it('opens the modal for the first waiting request only', () => {
    const { ctx, opened, store } = context();
    const one = openSigning(ctx, { ui: {}, signOnly: false });
    openSigning(ctx, { ui: {}, signOnly: false });
    expect(opened).toEqual(['signing']);
    store.dismissAll();
    expect(one.closed).toBe(true);
    openSigning(ctx, { ui: {}, signOnly: false });
    expect(opened).toEqual(['signing', 'signing']);
  });
});

describe('defaultConfirmHook', () => {
  it('shows the message screen and resolves on approve, closing it', async () => {
    const { ctx, opened, store } = context();
    const confirmed = defaultConfirmHook(ctx)(personalSign);
    await expect.poll(() => store.current()?.stage).toBe('confirm');
    expect(opened).toEqual(['signing']);
    expect(store.current()?.content).toEqual({ kind: 'message', text: 'hello', typedData: null });
    store.approve(store.current()!.id);
    await confirmed;
    expect(store.current()).toBeNull();
  });

  it('rejects when the user closes the modal', async () => {
    const { ctx, store } = context();
    const confirmed = defaultConfirmHook(ctx)(personalSign);
    await expect.poll(() => store.current()?.stage).toBe('confirm');
    store.dismissAll();
    await expect(confirmed).rejects.toThrow('The user closed the request');
  });

  it('resolves at once, without a screen, when showWalletUIs is off', async () => {
    const { ctx, opened, store } = context({ showWalletUIs: false });
    await defaultConfirmHook(ctx)(personalSign);
    expect(opened).toEqual([]);
    expect(store.current()).toBeNull();
  });
});

describe('installSigningConfirm', () => {
  it('installs the hook once per embedded instance', () => {
    const installed: unknown[] = [];
    const embedded = { setConfirm: (hook: unknown) => installed.push(hook) } as unknown as EmbeddedWallets;
    const { ctx } = context();
    installSigningConfirm(embedded, ctx);
    installSigningConfirm(embedded, ctx);
    expect(installed).toHaveLength(1);
    expect(typeof installed[0]).toBe('function');
  });
});
