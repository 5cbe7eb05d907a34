import { dialects, startTestServer, type TestServer } from '@latchkey/test/server';
import { ed25519 } from '@noble/curves/ed25519.js';
import { generateP256KeyPair, PrivyClient } from '@privy-io/node';
import { base58 } from '@scure/base';
import { type Hex, recoverMessageAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consent, type Json, userWithWallets } from './delegation-kit.ts';

/**
 * The app's backend signing with a user's delegated wallets through the incumbent's `@privy-io/node`,
 * unmodified: it finds them by user, signs Ethereum and Solana messages with its authorization key
 * (`authorization_context`), and without it is refused.
 */
describe.each(dialects)('delegated wallets through @privy-io/node (%s)', (dialect) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer(dialect, { listen: true });
  });
  afterAll(() => t.close());

  it('lists the user’s delegated wallets and signs with them under the app’s authorization key only', async () => {
    const { app, secret, client } = await t.createApp();
    const privy = new PrivyClient({ appId: app.id, appSecret: secret, apiUrl: t.url });
    const key = await generateP256KeyPair();
    const quorum = await privy
      .keyQuorums()
      .create({ public_keys: [key.publicKey], authorization_threshold: 1 });
    await t.updateApp(app.id, { delegated_actions_signer_id: quorum.id });
    const user = await userWithWallets(t, client, 'sdk');
    const res = await consent(t, client, user.token, [user.ethereum, user.solana]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const idOf = (address: string) =>
      (res.body.linked_accounts as Json[]).find((a) => a.address === address)!.id as string;

    const listed: string[] = [];
    for await (const wallet of privy.wallets().list({ user_id: user.userId })) listed.push(wallet.id);
    expect(listed.sort()).toEqual([idOf(user.ethereum.address), idOf(user.solana.address)].sort());

    const authorization_context = { authorization_private_keys: [key.privateKey] };
    const message = 'signed while the user is away';
    const eth = await privy
      .wallets()
      .ethereum()
      .signMessage(idOf(user.ethereum.address), { message, authorization_context });
    expect(await recoverMessageAddress({ message, signature: eth.signature as Hex })).toBe(
      user.ethereum.address,
    );
    const bytes = new TextEncoder().encode(message);
    const sol = await privy
      .wallets()
      .solana()
      .signMessage(idOf(user.solana.address), { message: bytes, authorization_context });
    expect(
      ed25519.verify(Buffer.from(sol.signature, 'base64'), bytes, base58.decode(user.solana.address)),
    ).toBe(true);

    // The app secret alone.
    await expect(
      privy.wallets().ethereum().signMessage(idOf(user.ethereum.address), { message }),
    ).rejects.toMatchObject({ status: 401 });
  });
});
