import { startTestServer, type TestServer, testClient, testOrigin } from '@latchkey/test/client';
import { dialects } from '@latchkey/test/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58, base64 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildSiwsOffchainMessage,
  createOtpLoginFlow,
  createSiweFlow,
  createSiwsFlow,
  type HeadlessFlowState,
} from './headless.ts';
import { authenticateWithSiweSignature, generateSiweMessage } from './siwe.ts';

const page = { domain: new URL(testOrigin).host, uri: testOrigin };
const newEthAccount = () => privateKeyToAccount(generatePrivateKey());
function newSolanaKey() {
  const secret = ed25519.utils.randomSecretKey();
  return {
    address: base58.encode(ed25519.getPublicKey(secret)),
    sign: (message: string) => base64.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
  };
}
const wallets = (user: { linked_accounts: unknown[] } | null) =>
  (user?.linked_accounts ?? []).flatMap((a) => {
    const account = a as { type: string; address?: string };
    return account.type === 'wallet' && account.address ? [account.address] : [];
  });

describe.each(dialects)('headless flows (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect);
  });
  afterAll(() => t.close());

  async function readyClient(patch: Record<string, unknown>) {
    const { app, client: server } = await t.createApp(patch);
    const c = testClient(t, app.id);
    await c.client.initialize();
    return { ...c, server };
  }
  const recorder = () => {
    const states: string[] = [];
    return { states, onState: (s: HeadlessFlowState<string>) => states.push(s.status) };
  };

  describe('code by email', () => {
    it('sends a code, refuses a wrong one (state error), then logs in with the right one', async () => {
      const { client, server } = await readyClient({ email_auth: true });
      const { states, onState } = recorder();
      const flow = createOtpLoginFlow(client, 'email', onState);
      await flow.sendCode({ to: 'alice@example.com' });
      expect(states).toEqual(['sending-code', 'awaiting-code-input']);
      await expect(flow.loginWithCode({ code: '000000' })).rejects.toMatchObject({
        code: 'invalid_credentials',
      });
      expect(states.slice(2)).toEqual(['submitting-code', 'error']);
      const { user, isNewUser } = await flow.loginWithCode({ code: server.lastCode('alice@example.com') });
      expect(isNewUser).toBe(true);
      expect(user.id).toBe(client.getState().user?.id);
      expect(states.slice(-2)).toEqual(['submitting-code', 'done']);
    });

    it('refuses a code before sendCode and a missing address, with the incumbent’s messages', async () => {
      const { client } = await readyClient({ email_auth: true });
      let last: HeadlessFlowState<string> = { status: 'initial' };
      const flow = createOtpLoginFlow(client, 'email', (s) => {
        last = s;
      });
      await expect(flow.loginWithCode({ code: '123456' })).rejects.toMatchObject({
        code: 'unknown_auth_error',
        message: 'Must initialize a passwordless code flow first',
      });
      expect(last).toMatchObject({
        status: 'error',
        error: { message: 'Must initialize a passwordless code flow first' },
      });
      await expect(flow.sendCode({ to: '' })).rejects.toThrow('Email required to send OTP code');
    });

    it('with disableSignup refuses an unknown user; a bad address fails sendCode', async () => {
      const { client, server } = await readyClient({ email_auth: true });
      const flow = createOtpLoginFlow(client, 'email', () => {});
      await flow.sendCode({ to: 'nobody@example.com', disableSignup: true });
      await expect(flow.loginWithCode({ code: server.lastCode('nobody@example.com') })).rejects.toMatchObject(
        {
          code: 'user_does_not_exist',
        },
      );
      const { states, onState } = recorder();
      await expect(
        createOtpLoginFlow(client, 'email', onState).sendCode({ to: 'not an email' }),
      ).rejects.toThrow();
      expect(states.at(-1)).toBe('error');
    });

    it('refuses a login while logged in', async () => {
      const { client, server } = await readyClient({ email_auth: true });
      const flow = createOtpLoginFlow(client, 'email', () => {});
      await flow.sendCode({ to: 'bob@example.com' });
      await flow.loginWithCode({ code: server.lastCode('bob@example.com') });
      await flow.sendCode({ to: 'bob@example.com' });
      await expect(flow.loginWithCode({ code: server.lastCode('bob@example.com') })).rejects.toMatchObject({
        code: 'already_logged_in',
      });
    });
  });

  describe('code by SMS', () => {
    it('logs in with a texted code', async () => {
      const { client, server } = await readyClient({ sms_auth: true });
      const { states, onState } = recorder();
      const flow = createOtpLoginFlow(client, 'sms', onState);
      await flow.sendCode({ to: '+1 555 555 0123' });
      await flow.loginWithCode({ code: server.lastCode('+15555550123') });
      expect(states).toEqual(['sending-code', 'awaiting-code-input', 'submitting-code', 'done']);
      await expect(createOtpLoginFlow(client, 'sms', () => {}).sendCode({ to: '' })).rejects.toThrow(
        'SMS required to send OTP code',
      );
    });
  });

  describe('SIWE in two steps', () => {
    it('logs in with a signature the app made itself, and links a second wallet', async () => {
      const { client } = await readyClient({ wallet_auth: true });
      const { states, onState } = recorder();
      const flow = createSiweFlow(client, page, onState);
      const account = newEthAccount();
      const message = await flow.generateMessage({ address: account.address, chainId: 'eip155:8453' });
      expect(message).toContain('Chain ID: 8453');
      expect(states).toEqual(['generating-message', 'awaiting-signature']);
      const { user, isNewUser } = await flow.login({
        message,
        signature: await account.signMessage({ message }),
      });
      expect(isNewUser).toBe(true);
      expect(wallets(user)).toEqual([account.address]);
      expect(states.slice(2)).toEqual(['submitting-signature', 'done']);

      const second = newEthAccount();
      const linkMessage = await flow.generateMessage({ address: second.address, chainId: 1 });
      const linked = await flow.link({
        message: linkMessage,
        signature: await second.signMessage({ message: linkMessage }),
        chainId: '1',
        walletClientType: 'metamask',
      });
      expect(wallets(linked).sort()).toEqual([account.address, second.address].sort());
      // Logged in: a login is refused before the server is asked.
      await expect(flow.login({ message, signature: '0x00' })).rejects.toMatchObject({
        code: 'already_logged_in',
        message: 'User already authenticated',
      });
    });

    it('refuses a tampered message, a replayed nonce and another signer', async () => {
      const { client } = await readyClient({ wallet_auth: true });
      const { states, onState } = recorder();
      const flow = createSiweFlow(client, page, onState);
      const account = newEthAccount();
      const message = await flow.generateMessage({ address: account.address, chainId: 1 });
      // Signed as issued, submitted changed.
      const tampered = message.replace('Chain ID: 1', 'Chain ID: 10');
      await expect(
        flow.login({ message: tampered, signature: await account.signMessage({ message }) }),
      ).rejects.toMatchObject({ code: 'invalid_credentials' });
      expect(states.at(-1)).toBe('error');
      const other = newEthAccount();
      await expect(
        flow.login({ message, signature: await other.signMessage({ message }) }),
      ).rejects.toMatchObject({ code: 'invalid_credentials' });

      const fresh = await flow.generateMessage({ address: account.address, chainId: 1 });
      const signature = await account.signMessage({ message: fresh });
      await flow.login({ message: fresh, signature });
      await client.logout();
      await expect(flow.login({ message: fresh, signature })).rejects.toMatchObject({
        code: 'invalid_credentials',
      });
    });

    it('generates a bare nonce; refuses a missing chain and a bad chain id', async () => {
      const { client } = await readyClient({ wallet_auth: true });
      const flow = createSiweFlow(client, page, () => {});
      expect(await flow.generateNonce({ address: newEthAccount().address })).toMatch(/^\w{8,}$/);
      await expect(flow.generateMessage({ address: newEthAccount().address, chainId: '' })).rejects.toThrow(
        'wallet address and chainId required to generate nonce',
      );
      await expect(
        client.run((ctx) =>
          generateSiweMessage(ctx, { ...page, address: newEthAccount().address, chainId: 'eip155:x' }),
        ),
      ).rejects.toMatchObject({ code: 'invalid_input' });
      // The step functions work without the flow object too (the one-step login uses them).
      const account = newEthAccount();
      const message = await client.run((ctx) =>
        generateSiweMessage(ctx, { ...page, address: account.address, chainId: 1 }),
      );
      const signature = await account.signMessage({ message });
      const result = await client.run((ctx) => authenticateWithSiweSignature(ctx, { message, signature }));
      expect(wallets(result.user)).toEqual([account.address]);
    });

    it('refuses a link while logged out', async () => {
      const { client } = await readyClient({ wallet_auth: true });
      const flow = createSiweFlow(client, page, () => {});
      const account = newEthAccount();
      const message = await flow.generateMessage({ address: account.address, chainId: 1 });
      await expect(
        flow.link({ message, signature: await account.signMessage({ message }) }),
      ).rejects.toMatchObject({
        code: 'must_be_authenticated',
      });
    });
  });

  describe('SIWS in two steps', () => {
    it('logs in with an ed25519 signature, links a second key; refuses replays and other signers', async () => {
      const { client } = await readyClient({ solana_wallet_auth: true });
      const flow = createSiwsFlow(client, page);
      const key = newSolanaKey();
      const message = await flow.generateMessage({ address: key.address });
      expect(message).toContain('wants you to sign in with your Solana account:');
      const other = newSolanaKey();
      await expect(flow.login({ message, signature: other.sign(message) })).rejects.toMatchObject({
        code: 'invalid_credentials',
      });
      const tampered = message.replace('You are proving', 'You prove');
      await expect(flow.login({ message: tampered, signature: key.sign(message) })).rejects.toMatchObject({
        code: 'invalid_credentials',
      });
      const fresh = await flow.generateMessage({ address: key.address });
      const { user } = await flow.login({
        message: fresh,
        signature: key.sign(fresh),
        walletClientType: 'phantom',
      });
      expect(wallets(user)).toEqual([key.address]);
      await expect(flow.login({ message: fresh, signature: key.sign(fresh) })).rejects.toMatchObject({
        code: 'already_logged_in',
      });

      const second = newSolanaKey();
      const linkMessage = await flow.generateMessage({ address: second.address });
      const linked = await flow.link({ message: linkMessage, signature: second.sign(linkMessage) });
      expect(wallets(linked).sort()).toEqual([key.address, second.address].sort());
      await client.logout();
      await expect(flow.login({ message: fresh, signature: key.sign(fresh) })).rejects.toMatchObject({
        code: 'invalid_credentials',
      });
      await expect(flow.link({ message: fresh, signature: key.sign(fresh) })).rejects.toMatchObject({
        code: 'must_be_authenticated',
      });
    });
  });
});

describe('buildSiwsOffchainMessage', () => {
  it('lays out the Solana off-chain message (version 0, UTF-8) around the SIWS message', () => {
    const key = newSolanaKey();
    const message = `app.test wants you to sign in with your Solana account:\n${key.address}\n\nURI: http://app.test\nNonce: 1`;
    const bytes = buildSiwsOffchainMessage({ message, address: key.address });
    const text = new TextEncoder().encode(message);
    expect(bytes.length).toBe(85 + text.length);
    expect(bytes[0]).toBe(0xff);
    expect(new TextDecoder().decode(bytes.slice(1, 16))).toBe('solana offchain');
    expect(bytes[16]).toBe(0);
    expect(new TextDecoder().decode(bytes.slice(17, 49)).replace(/\0+$/, '')).toBe('http://app.test');
    expect([bytes[49], bytes[50]]).toEqual([1, 1]);
    expect(base58.encode(bytes.slice(51, 83))).toBe(key.address);
    expect(bytes[83]! + bytes[84]! * 256).toBe(text.length);
    expect(bytes.slice(85)).toEqual(text);
    expect(() => buildSiwsOffchainMessage({ message: 'no uri', address: key.address })).toThrow(
      'SIWS message must include a URI',
    );
    expect(() =>
      buildSiwsOffchainMessage({ message: `URI: x\n${'a'.repeat(1200)}`, address: key.address }),
    ).toThrow(/exceeds maximum/);
  });
});
