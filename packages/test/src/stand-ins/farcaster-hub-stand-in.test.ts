import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HubStandIn, startHubStandIn } from './farcaster-hub-stand-in.ts';

let hub: HubStandIn;
beforeAll(async () => {
  hub = await startHubStandIn();
});
afterAll(() => hub?.close());

const get = async (path: string) => {
  const res = await fetch(`${hub.url}${path}`);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('the Farcaster hub stand-in', () => {
  it("answers userDataByFid with the profile the test set, in Hubble's message shape", async () => {
    hub.setProfile(262426, {
      username: 'alice',
      displayName: 'Alice',
      bio: 'gm',
      pfpUrl: 'https://example.com/a.png',
    });
    hub.setProfile(262426n, { url: 'https://alice.example' });
    const { status, body } = await get('/v1/userDataByFid?fid=262426');
    expect(status).toBe(200);
    expect(body.nextPageToken).toBe('');
    const messages = body.messages as { data: Record<string, unknown> }[];
    expect(messages.map((m) => m.data.userDataBody)).toEqual([
      { type: 'USER_DATA_TYPE_PFP', value: 'https://example.com/a.png' },
      { type: 'USER_DATA_TYPE_DISPLAY', value: 'Alice' },
      { type: 'USER_DATA_TYPE_BIO', value: 'gm' },
      { type: 'USER_DATA_TYPE_URL', value: 'https://alice.example' },
      { type: 'USER_DATA_TYPE_USERNAME', value: 'alice' },
    ]);
    expect(messages[0]).toMatchObject({
      data: { type: 'MESSAGE_TYPE_USER_DATA_ADD', fid: 262426, network: 'FARCASTER_NETWORK_MAINNET' },
      hashScheme: 'HASH_SCHEME_BLAKE3',
      signatureScheme: 'SIGNATURE_SCHEME_ED25519',
    });
    expect(messages[0]!.data.timestamp).toEqual(expect.any(Number));
  });

  it('answers one user data type by name or number, 404 when unset', async () => {
    hub.setProfile(7, { username: 'bob' });
    expect((await get('/v1/userDataByFid?fid=7&user_data_type=6')).body).toMatchObject({
      data: { userDataBody: { type: 'USER_DATA_TYPE_USERNAME', value: 'bob' } },
    });
    expect((await get('/v1/userDataByFid?fid=7&user_data_type=USER_DATA_TYPE_USERNAME')).status).toBe(200);
    expect(await get('/v1/userDataByFid?fid=7&user_data_type=USER_DATA_TYPE_BIO')).toMatchObject({
      status: 404,
      body: { errCode: 'not_found' },
    });
  });

  it('answers no messages for an unknown fid, and verified addresses when set', async () => {
    expect((await get('/v1/userDataByFid?fid=99999')).body).toEqual({ messages: [], nextPageToken: '' });
    hub.setVerifications(7, ['0x94bac74ec80c25fd5f19a76f2cd74a46d6618c3a']);
    const { body } = await get('/v1/verificationsByFid?fid=7');
    expect((body.messages as { data: Record<string, unknown> }[])[0]!.data).toMatchObject({
      type: 'MESSAGE_TYPE_VERIFICATION_ADD_ETH_ADDRESS',
      fid: 7,
      verificationAddAddressBody: {
        address: '0x94bac74ec80c25fd5f19a76f2cd74a46d6618c3a',
        protocol: 'PROTOCOL_ETHEREUM',
      },
    });
  });

  it.each([
    ['no fid', '/v1/userDataByFid', 400],
    ['fid 0', '/v1/userDataByFid?fid=0', 400],
    ['a fid that is not a number', '/v1/userDataByFid?fid=abc', 400],
    ['an unknown user data type', '/v1/userDataByFid?fid=7&user_data_type=42', 400],
    ['no fid for verifications', '/v1/verificationsByFid', 400],
    ['an unknown route', '/v1/castsByFid?fid=7', 404],
  ])('refuses %s', async (_name, path, status) => {
    const res = await get(path);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ errCode: expect.any(String), details: expect.any(String) });
  });
});
