import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyMessage } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farcasterApp } from './farcaster-app.ts';
import { idleClosingServer, json, readText } from './stand-in-http.ts';

/**
 * A relay reduced to what the app calls, to see what it sends: the channel's status (pending, with
 * its sign-in parameters) and authenticate (its headers and body kept).
 */
const posted: { authorization?: string; relayKey?: string; body: Record<string, unknown> }[] = [];
let relay: { url: string; close(): Promise<void> };
beforeAll(async () => {
  relay = await idleClosingServer(async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    if (req.headers.authorization !== 'Bearer CHAN2345') return json(res, 401, { error: 'Unauthorized' });
    if (req.method === 'GET' && url.pathname === '/v1/channel/status')
      return json(res, 202, {
        state: 'pending',
        nonce: 'nonce12345678',
        url: 'https://farcaster.xyz/~/siwf?channelToken=CHAN2345',
        signatureParams: {
          siweUri: 'https://app.example.com/login',
          domain: 'app.example.com',
          nonce: 'nonce12345678',
          expirationTime: '2099-01-01T00:00:00.000Z',
          requestId: 'req-1',
        },
        metadata: { ip: '127.0.0.1', userAgent: 'test' },
        acceptAuthAddress: true,
      });
    if (req.method === 'POST' && url.pathname === '/v1/channel/authenticate') {
      posted.push({
        authorization: req.headers.authorization,
        relayKey: req.headers['x-farcaster-auth-relay-key'] as string,
        body: JSON.parse(await readText(req)) as Record<string, unknown>,
      });
      return json(res, 201, { state: 'completed' });
    }
    return json(res, 404, { error: 'Not found' });
  }, 60_000);
});
afterAll(() => relay?.close());

describe('farcasterApp, the Farcaster app player', () => {
  it("signs the channel's parameters and posts them to authenticate with the channel token and relay key", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const app = farcasterApp({
      relayUrl: relay.url,
      account,
      fid: 262426n,
      profile: { username: 'alice', displayName: 'Alice', bio: 'gm', pfpUrl: 'https://example.com/a.png' },
    });
    const result = await app.approve({
      authKey: 'relay-secret',
      connectUri: 'https://farcaster.xyz/~/siwf?channelToken=CHAN2345',
    });
    expect(result.status).toBe(201);
    expect(posted.at(-1)).toEqual({
      authorization: 'Bearer CHAN2345',
      relayKey: 'relay-secret',
      body: {
        message: result.message,
        signature: result.signature,
        fid: 262426,
        authMethod: 'custody',
        username: 'alice',
        displayName: 'Alice',
        bio: 'gm',
        pfpUrl: 'https://example.com/a.png',
      },
    });
    const siwe = parseSiweMessage(result.message);
    expect(siwe).toMatchObject({
      domain: 'app.example.com',
      address: account.address,
      statement: 'Farcaster Auth',
      uri: 'https://app.example.com/login',
      version: '1',
      chainId: 10,
      nonce: 'nonce12345678',
      requestId: 'req-1',
      expirationTime: new Date('2099-01-01T00:00:00.000Z'),
      resources: ['farcaster://fid/262426'],
    });
    expect(
      await verifyMessage({ address: account.address, message: result.message, signature: result.signature }),
    ).toBe(true);
  });

  it('signs a Mini App sign-in message without a relay, with the parameters given', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { message } = await farcasterApp({ account, fid: 7, authMethod: 'authAddress' }).signInMessage({
      domain: 'app.example.com',
      uri: 'https://app.example.com',
      nonce: 'abcdefgh1234',
      notBefore: '2026-01-01T00:00:00.000Z',
    });
    expect(parseSiweMessage(message)).toMatchObject({
      domain: 'app.example.com',
      nonce: 'abcdefgh1234',
      chainId: 10,
      notBefore: new Date('2026-01-01T00:00:00.000Z'),
      resources: ['farcaster://fid/7'],
    });
  });

  it('returns a refusal as the status and body the relay answered', async () => {
    const app = farcasterApp({
      relayUrl: relay.url,
      account: privateKeyToAccount(generatePrivateKey()),
      fid: 7,
    });
    await expect(app.approve({ authKey: 'k', channelToken: 'OTHER234' })).rejects.toThrow(
      /channel status 401/,
    );
    expect(
      await app.approve({ authKey: 'k', channelToken: 'CHAN2345', params: { nonce: 'othernonce1' } }),
    ).toMatchObject({ status: 201 });
    expect(parseSiweMessage(posted.at(-1)!.body.message as string).nonce).toBe('othernonce1');
  });
});
