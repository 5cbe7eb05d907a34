import { generateKeyPairSync, sign } from 'node:crypto';
import { authorizationPayload, type User } from '@latchkey/protocol';
import { startTestServer, type TestServer, testClient } from '@latchkey/test/client';
import { frameProxy } from '@latchkey/test/server/wallet-frame';
import { verifyMessage } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findEmbeddedWallet } from '../embedded/accounts.ts';
import { clientDelegationContext } from './context.ts';
import { delegateWallet, revokeWallets } from './delegated-actions.ts';
import { addSessionSigners, removeSessionSigners } from './session-signers.ts';
import { delegatedWalletId } from './targets.ts';

/*
 * The client side on the real server with the wallet frame's own code in Node: the consent seals a
 * key the server accepts (the app's backend then signs with it), the frame's user key signs the
 * session-signer changes the server checks, and the revoke ends it all.
 */

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer('sqlite');
});
afterAll(() => t.close());

/** The app's backend: its secret, and the P-256 key of its key quorums. */
async function backend(appId: string, secret: string) {
  const pair = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const call = async (method: string, path: string, body?: unknown, signed = false) => {
    const headers: Record<string, string> = {
      'privy-app-id': appId,
      'content-type': 'application/json',
      authorization: `Basic ${Buffer.from(`${appId}:${secret}`).toString('base64')}`,
    };
    if (signed) {
      const payload = authorizationPayload({
        method: method as 'POST',
        url: `${t.origin}${path}`,
        body,
        headers: { 'privy-app-id': appId },
      });
      headers['privy-authorization-signature'] = sign('sha256', payload, pair.privateKey).toString('base64');
    }
    const res = await t.fetch(path, {
      method,
      headers,
      body: body === undefined ? null : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const quorum = async () => {
    const publicKey = pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    const made = await call('POST', '/api/v1/key_quorums', {
      public_keys: [publicKey],
      authorization_threshold: 1,
    });
    expect(made.status).toBe(200);
    return made.body.id as string;
  };
  return { call, quorum };
}

describe('delegated actions and session signers against the server', () => {
  it('delegates, lets the backend sign, adds and removes a session signer, and revokes', async () => {
    const { app, secret, client: server } = await t.createApp({ email_auth: true });
    const appBackend = await backend(app.id, secret);
    const signerId = await appBackend.quorum();
    await t.updateApp(app.id, { delegated_actions_signer_id: signerId });
    const frame = frameProxy(t, app.id);
    const { client } = testClient(t, app.id, { walletFrame: () => frame });
    await client.initialize();
    const email = 'delegating@example.com';
    await client.email.sendCode({ email });
    await client.email.loginWithCode({ email, code: server.lastCode(email) });
    const { address } = await (await client.embeddedWallets()).createEthereumWallet();
    const ctx = clientDelegationContext(client);

    const user = (await delegateWallet(ctx, { address, chainType: 'ethereum' })) as User;
    const wallet = findEmbeddedWallet(user, address, 'ethereum')!;
    expect(wallet.delegated).toBe(true);
    const walletId = delegatedWalletId(user, wallet)!;
    expect(walletId).toBeTruthy();

    // The key the frame sealed is the wallet's: the backend signs with it.
    const message = 'signed while the user is away';
    const rpc = (signed: boolean) =>
      appBackend.call(
        'POST',
        `/v1/wallets/${walletId}/rpc`,
        { method: 'personal_sign', params: { message, encoding: 'utf-8' } },
        signed,
      );
    // Never with the app's secret alone.
    expect((await rpc(false)).status).not.toBe(200);
    const signed = await rpc(true);
    expect(signed.status).toBe(200);
    const signature = (signed.body.data as { signature: `0x${string}` }).signature;
    expect(await verifyMessage({ address: address as `0x${string}`, message, signature })).toBe(true);

    // The user's frame key signs the signer change the server checks.
    const agent = await appBackend.quorum();
    await addSessionSigners(ctx, { address, signers: [{ signerId: agent }] });
    const after = await appBackend.call('GET', `/api/v1/wallets/${walletId}`);
    expect(after.body.additional_signers).toEqual(
      expect.arrayContaining([expect.objectContaining({ signer_id: agent })]),
    );
    await removeSessionSigners(ctx, { address });
    expect((await appBackend.call('GET', `/api/v1/wallets/${walletId}`)).body.additional_signers).toEqual([]);

    const revoked = (await revokeWallets(ctx)) as User;
    expect(findEmbeddedWallet(revoked, address, 'ethereum')?.delegated).toBe(false);
    expect((await rpc(true)).status).not.toBe(200);
  });

  it('delegates a Solana wallet (its 32-byte seed) that the backend signs with', async () => {
    const { app, secret, client: server } = await t.createApp({ email_auth: true });
    const appBackend = await backend(app.id, secret);
    await t.updateApp(app.id, { delegated_actions_signer_id: await appBackend.quorum() });
    const frame = frameProxy(t, app.id);
    const { client } = testClient(t, app.id, { walletFrame: () => frame });
    await client.initialize();
    const email = 'solana-delegating@example.com';
    await client.email.sendCode({ email });
    await client.email.loginWithCode({ email, code: server.lastCode(email) });
    const wallets = await client.embeddedWallets();
    await wallets.createEthereumWallet();
    const { address } = await wallets.createSolanaWallet();
    const user = (await delegateWallet(clientDelegationContext(client), {
      address,
      chainType: 'solana',
    })) as User;
    const wallet = findEmbeddedWallet(user, address, 'solana')!;
    expect(wallet.delegated).toBe(true);
    // Only the wallet asked for: the Ethereum one stays on the device alone.
    expect(findEmbeddedWallet(user, wallets.list()[0]!.address, 'ethereum')?.delegated).toBe(false);
    const message = Buffer.from('solana, away').toString('base64');
    const signed = await appBackend.call(
      'POST',
      `/v1/wallets/${delegatedWalletId(user, wallet)}/rpc`,
      { method: 'signMessage', params: { message, encoding: 'base64' } },
      true,
    );
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  });

  it('migrates the root wallet in the background in user-controlled-server-wallets-only mode', async () => {
    const { app, client: server } = await t.createApp({
      email_auth: true,
      embedded_wallet_config: { mode: 'user-controlled-server-wallets-only' },
    });
    const frame = frameProxy(t, app.id);
    const { client } = testClient(t, app.id, { walletFrame: () => frame });
    await client.initialize();
    const email = 'migrating@example.com';
    await client.email.sendCode({ email });
    await client.email.loginWithCode({ email, code: server.lastCode(email) });
    const { address } = await (await client.embeddedWallets()).createEthereumWallet();
    // No app signer is needed: the user alone owns it until the app adds one.
    await expect
      .poll(() => findEmbeddedWallet(client.getState().user, address, 'ethereum')?.delegated, {
        timeout: 10_000,
      })
      .toBe(true);
  });
});
