import type { LatchkeyClient } from '@latchkey/core';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLatchkeyEvents } from '../events.ts';
import { LatchkeyContext, type LatchkeyContextValue } from '../LatchkeyContext.ts';
import type { LatchkeyConfig } from '../types.ts';
import { type PrivyInterface, privyLazyMembers, usePrivy } from './usePrivy.ts';

// The lazy module's own imports, so that each member is seen calling through to its action.
const loaded = vi.hoisted(() => ({ privyActions: false }));
const signing = vi.hoisted(() => ({
  signMessage: vi.fn(async () => ({ signature: '0xsig' })),
  signTypedData: vi.fn(async () => ({ signature: '0xtyped' })),
  sendTransaction: vi.fn(async () => ({ hash: '0xhash', hashes: ['0xhash'] })),
  signTransaction: vi.fn(async () => ({ signature: '0xsigned' })),
}));
const mfa = vi.hoisted(() => ({
  promptMfa: vi.fn(async () => undefined),
  init: vi.fn(async () => ({ challenge: 'c', rp_id: 'example.com', allow_credentials: [] })),
  submit: vi.fn(async () => undefined),
  cancel: vi.fn(),
  clear: vi.fn(async () => undefined),
  unenroll: vi.fn(async () => undefined),
  initEnrollmentWithSms: vi.fn(async () => undefined),
  submitEnrollmentWithSms: vi.fn(async () => undefined),
  initEnrollmentWithTotp: vi.fn(async () => ({ secret: 's', authUrl: 'otpauth://x' })),
  submitEnrollmentWithTotp: vi.fn(async () => undefined),
  submitEnrollmentWithPasskey: vi.fn(async () => undefined),
}));
const embedded = vi.hoisted(() => ({
  createEmbeddedWallet: vi.fn(async () => ({ address: '0xwallet' })),
  setEmbeddedWalletPassword: vi.fn(async () => ({ address: '0xwallet' })),
  openExportWallet: vi.fn(async () => undefined),
}));

vi.mock('./privyActions.ts', async (original) => {
  loaded.privyActions = true;
  return original();
});
vi.mock('@latchkey/core/signing/calls', async (original) => ({
  ...(await original<object>()),
  loadEthereumSigning: async () => signing,
}));
vi.mock('./mfaClient.ts', () => ({ loadMfaClient: async () => mfa }));
vi.mock('../embedded/createWallet.ts', () => ({ createEmbeddedWallet: embedded.createEmbeddedWallet }));
vi.mock('../embedded/setWalletPassword.ts', () => ({
  setEmbeddedWalletPassword: embedded.setEmbeddedWalletPassword,
}));
vi.mock('../embedded/exportWallet.ts', () => ({ openExportWallet: embedded.openExportWallet }));

const serverUser = {
  id: 'did:privy:user',
  created_at: 1_700_000_000,
  linked_accounts: [],
  mfa_methods: [],
  has_accepted_terms: false,
  is_guest: false,
};

function fakeClient() {
  const state = {
    ready: true,
    authenticated: true,
    user: serverUser,
    appConfig: { mfa_methods: ['sms', 'totp', 'passkey'] },
  };
  const unlinked = vi.fn(async () => serverUser);
  return {
    unlinked,
    client: {
      getState: () => state,
      subscribe: () => () => {},
      getAccessToken: vi.fn(async () => 'token'),
      logout: vi.fn(async () => undefined),
      email: { unlinkEmail: unlinked },
      sms: { unlinkPhone: unlinked },
      passkey: { unlink: unlinked },
      oauth: async () => ({ unlink: unlinked }),
      run: vi.fn(async () => serverUser),
    } as unknown as LatchkeyClient,
  };
}

/** Hands the hook's value out of a server render. */
function Probe({ capture }: { capture: (privy: PrivyInterface) => void }) {
  capture(usePrivy());
  return null;
}

function render() {
  const { client, unlinked } = fakeClient();
  const openModal = vi.fn();
  const events = createLatchkeyEvents();
  const closed = vi.fn();
  events.on('closeModal', closed);
  const context: LatchkeyContextValue = {
    client,
    config: {} as LatchkeyConfig,
    events,
    openModal,
    isModalOpen: () => false,
    getCustomAuthState: () => ({ status: 'not-enabled' }) as never,
  };
  let privy: PrivyInterface | undefined;
  const capture = (value: PrivyInterface) => {
    privy = value;
  };
  renderToString(
    <LatchkeyContext.Provider value={context}>
      <Probe capture={capture} />
    </LatchkeyContext.Provider>,
  );
  return { privy: privy!, client, openModal, closed, unlinked, context };
}

beforeEach(() => vi.clearAllMocks());

describe('usePrivy', () => {
  it('loads its lazy module only when a member that needs it is called', async () => {
    const { privy } = render();
    privy.login();
    privy.linkOAuth({ provider: 'google' });
    expect(loaded.privyActions).toBe(false);
    await privy.signMessage({ message: 'hi' });
    expect(loaded.privyActions).toBe(true);
  });

  it('has the session state in the incumbent’s form', () => {
    const { privy } = render();
    expect(privy).toMatchObject({
      ready: true,
      authenticated: true,
      error: null,
      isModalOpen: false,
      mfaMethods: ['sms', 'totp', 'passkey'],
    });
    expect(privy.user?.id).toBe('did:privy:user');
    for (const name of privyLazyMembers) expect(typeof privy[name]).toBe('function');
  });

  it('opens the modal for login, connecting and linking, with the incumbent’s arguments', () => {
    const { privy, openModal, closed } = render();
    privy.login({ loginMethods: ['email'] });
    privy.connectOrCreateWallet();
    privy.connectWallet({ walletChainType: 'solana-only' });
    privy.linkWallet();
    privy.linkOAuth({ provider: 'github' });
    privy.linkGoogle();
    privy.linkEmail();
    privy.updatePhone();
    privy.linkPasskey({ name: 'laptop' });
    privy.enrollInMfa();
    privy.enrollInMfa(false);
    expect(openModal.mock.calls).toEqual([
      ['login'],
      ['login'],
      ['connect-wallet', { walletChainType: 'solana-only' }],
      ['link-wallet', undefined],
      ['link-oauth', { oauth: { provider: 'github' } }],
      ['link-oauth', { oauth: { provider: 'google' } }],
      ['link-email'],
      ['update-phone'],
      ['link-passkey', { passkeyName: 'laptop' }],
      ['mfa-enrollment'],
    ]);
    expect(closed).toHaveBeenCalledWith('mfa-enrollment');
  });

  it('unlinks through the client, with the incumbent’s argument shapes', async () => {
    const { privy, unlinked, client } = render();
    await expect(privy.unlinkEmail('a@example.com')).resolves.toMatchObject({ id: 'did:privy:user' });
    expect(unlinked).toHaveBeenLastCalledWith({ address: 'a@example.com' });
    await privy.unlinkPhone('+15555550100');
    expect(unlinked).toHaveBeenLastCalledWith({ phoneNumber: '+15555550100' });
    await privy.unlinkPasskey('cred');
    expect(unlinked).toHaveBeenLastCalledWith({ credentialId: 'cred' });
    await privy.unlinkOAuth({ provider: 'github', subject: '42' });
    expect(unlinked).toHaveBeenLastCalledWith({ provider: 'github', subject: '42' });
    await privy.unlinkGoogle('7');
    expect(unlinked).toHaveBeenLastCalledWith({ provider: 'google', subject: '7' });
    await privy.unlinkFarcaster(1234);
    await privy.unlinkTelegram('99');
    expect(client.run).toHaveBeenCalledTimes(2);
    await expect(privy.getAccessToken()).resolves.toBe('token');
    await privy.logout();
    expect(client.logout).toHaveBeenCalled();
  });

  it('rejects what Latchkey has not built with not_supported', async () => {
    const { privy } = render();
    expect(() => privy.linkTwitch()).toThrow(expect.objectContaining({ code: 'not_supported' }));
    expect(() => privy.linkOAuth({ provider: 'privy:app' })).toThrow(
      expect.objectContaining({ code: 'not_supported' }),
    );
    await expect(privy.unlinkTwitch('1')).rejects.toMatchObject({ code: 'not_supported' });
    await expect(privy.unlinkCrossAppAccount({ subject: '1' })).rejects.toMatchObject({
      code: 'not_supported',
    });
  });

  it('signs with the embedded wallet through the signing code', async () => {
    const { privy, context } = render();
    await expect(privy.signMessage({ message: 'hi' }, { address: '0xa' })).resolves.toEqual({
      signature: '0xsig',
    });
    expect(signing.signMessage).toHaveBeenCalledWith(context, { message: 'hi' }, { address: '0xa' });
    const typed = { types: {}, primaryType: 'Mail', domain: {}, message: {} };
    await privy.signTypedData(typed);
    expect(signing.signTypedData).toHaveBeenCalledWith(context, typed, undefined);
    await expect(privy.sendTransaction({ to: '0xb', value: 1 }, { sponsor: true })).resolves.toEqual({
      hash: '0xhash',
    });
    expect(signing.sendTransaction).toHaveBeenCalledWith(
      context,
      { to: '0xb', value: 1 },
      { uiOptions: undefined, address: undefined },
    );
    await privy.signTransaction({ to: '0xb' });
    expect(signing.signTransaction).toHaveBeenCalledWith(context, { to: '0xb' }, undefined);
  });

  it('creates, secures and exports the embedded wallet', async () => {
    const { privy, client, openModal } = render();
    await expect(privy.createWallet({ createAdditional: true })).resolves.toEqual({ address: '0xwallet' });
    expect(embedded.createEmbeddedWallet).toHaveBeenCalledWith(client, {}, openModal, 'ethereum', {
      createAdditional: true,
    });
    await privy.setWalletPassword();
    await privy.setWalletRecovery();
    expect(embedded.setEmbeddedWalletPassword).toHaveBeenCalledTimes(2);
    await privy.exportWallet({ address: '0xwallet' });
    expect(embedded.openExportWallet).toHaveBeenCalledWith(client, openModal, { address: '0xwallet' });
  });

  it('runs MFA through the MFA client, passkey options in WebAuthn’s JSON form', async () => {
    const { privy } = render();
    await privy.promptMfa();
    await expect(privy.init('passkey')).resolves.toEqual({
      challenge: 'c',
      rpId: 'example.com',
      allowCredentials: [],
    });
    await privy.submit('passkey', { challenge: 'c', rpId: 'example.com' });
    expect(mfa.submit).toHaveBeenLastCalledWith('passkey', { challenge: 'c', rp_id: 'example.com' });
    await privy.submit('sms', '123456');
    expect(mfa.submit).toHaveBeenLastCalledWith('sms', '123456');
    privy.cancel();
    await privy.clear();
    await privy.unenroll('totp');
    expect(mfa.unenroll).toHaveBeenCalledWith('totp', undefined);
    await privy.initEnrollmentWithSms({ phoneNumber: '+15555550100' });
    await privy.submitEnrollmentWithSms({ phoneNumber: '+15555550100', mfaCode: '1' });
    await expect(privy.initEnrollmentWithTotp()).resolves.toEqual({ secret: 's', authUrl: 'otpauth://x' });
    await privy.submitEnrollmentWithTotp({ mfaCode: '2' });
    await privy.submitEnrollmentWithPasskey({ credentialIds: ['c'] });
    expect(mfa.promptMfa).toHaveBeenCalled();
    expect(mfa.cancel).toHaveBeenCalled();
    expect(mfa.clear).toHaveBeenCalled();
    expect(mfa.initEnrollmentWithSms).toHaveBeenCalledWith({ phoneNumber: '+15555550100' });
    expect(mfa.submitEnrollmentWithSms).toHaveBeenCalledWith({ phoneNumber: '+15555550100', mfaCode: '1' });
    expect(mfa.submitEnrollmentWithTotp).toHaveBeenCalledWith({ mfaCode: '2' });
    expect(mfa.submitEnrollmentWithPasskey).toHaveBeenCalledWith({ credentialIds: ['c'] }, undefined);
  });
});
