import type { FarcasterSigner, User } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { LatchkeyClientError } from '../errors.ts';
import {
  type FarcasterSignerClient,
  farcasterSignerTimings,
  getFarcasterSignerPublicKey,
  initFarcasterSigner,
  signFarcasterMessage,
  watchFarcasterSigner,
} from './signer.ts';

const key = `0x${'ab'.repeat(32)}`;
const wallet = {
  type: 'wallet',
  wallet_client_type: 'privy',
  connector_type: 'embedded',
  chain_type: 'ethereum',
  address: '0x1111111111111111111111111111111111111111',
  wallet_index: 0,
  recovery_method: 'privy',
  imported: false,
  delegated: false,
};
const farcaster = (signer?: string) => ({
  type: 'farcaster',
  fid: 77,
  owner_address: '0x2222222222222222222222222222222222222222',
  ...(signer ? { signer_public_key: signer } : {}),
});
const user = (...accounts: object[]) => ({ id: 'did:privy:u', linked_accounts: accounts }) as unknown as User;

/** A client whose server answers the signer's reads from `statuses`; frame and refresh calls recorded. */
function world(current: User | null, statuses: FarcasterSigner[] = []) {
  const calls: string[] = [];
  let clock = 0;
  const client: FarcasterSignerClient = {
    http: {
      call: (async (route: { path: string }, body: unknown) => {
        calls.push(`${route.path} ${JSON.stringify(body)}`);
        return statuses.length > 1 ? statuses.shift() : statuses[0];
      }) as FarcasterSignerClient['http']['call'],
    },
    getState: () => ({ user: current }),
    refreshSession: async () => {
      calls.push('refresh');
      return current;
    },
    embeddedWallets: async () => ({
      connect: async ({ address } = {}) => {
        calls.push(`connect ${address}`);
        return { entropyId: address ?? '' };
      },
      initFarcasterSigner: async (address) => {
        calls.push(`init-signer ${address}`);
        return statuses[0] as FarcasterSigner;
      },
      signFarcasterHash: async (request) => {
        calls.push(`sign ${JSON.stringify(request)}`);
        return Buffer.alloc(64, 9).toString('base64url');
      },
    }),
  };
  const wait = async (ms: number) => {
    clock += ms;
  };
  return { client, calls, wait, now: () => clock };
}

const codeOf = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LatchkeyClientError);
  return (error as LatchkeyClientError).code;
};

const pending: FarcasterSigner = { status: 'pending_approval', public_key: key };
const approved: FarcasterSigner = { status: 'approved', public_key: key, fid: 77 };
const revoked: FarcasterSigner = { status: 'revoked', public_key: key, fid: 77 };

describe('the Farcaster signer, the client side', () => {
  it("refuses with the incumbent's messages: no user, no embedded wallet, no Farcaster account", async () => {
    expect(await codeOf(initFarcasterSigner(world(null).client))).toBe('must_be_authenticated');
    expect(await codeOf(initFarcasterSigner(world(user(farcaster())).client))).toBe(
      'embedded_wallet_not_found',
    );
    await expect(initFarcasterSigner(world(user(wallet)).client)).rejects.toThrow(
      'Must have Farcaster account to use Farcaster signers',
    );
  });

  it('brings the wallet onto the device, then asks the frame; an approved signer refreshes the user', async () => {
    const pendingWorld = world(user(wallet, farcaster()), [pending]);
    expect(await initFarcasterSigner(pendingWorld.client)).toEqual(pending);
    expect(pendingWorld.calls).toEqual([`connect ${wallet.address}`, `init-signer ${wallet.address}`]);
    const approvedWorld = world(user(wallet, farcaster()), [approved]);
    await initFarcasterSigner(approvedWorld.client);
    expect(approvedWorld.calls.at(-1)).toBe('refresh');
  });

  it('reads the status every 2 s until approved, then refreshes the user', async () => {
    const w = world(user(wallet, farcaster()), [pending, pending, approved]);
    const signer = await watchFarcasterSigner(w.client, {
      publicKey: key,
      wait: w.wait,
      active: () => true,
      now: w.now,
    });
    expect(signer).toEqual(approved);
    expect(w.now()).toBe(3 * farcasterSignerTimings.pollMs);
    expect(w.calls).toEqual([
      ...Array(3).fill(`/api/v1/farcaster/signer/status {"ed25519_public_key":"${key}"}`),
      'refresh',
    ]);
  });

  it('a revoked signer is rejected; 5 min of pending times out; a closed modal cancels', async () => {
    const w = world(user(wallet, farcaster()), [pending, revoked]);
    const watch = (x: ReturnType<typeof world>, active = () => true) =>
      watchFarcasterSigner(x.client, { publicKey: key, wait: x.wait, active, now: x.now });
    expect(await codeOf(watch(w))).toBe('farcaster_signer_rejected');
    const slow = world(user(wallet, farcaster()), [pending]);
    expect(await codeOf(watch(slow))).toBe('farcaster_signer_timeout');
    expect(slow.now()).toBe(farcasterSignerTimings.timeoutMs);
    expect(slow.calls).toHaveLength(farcasterSignerTimings.timeoutMs / farcasterSignerTimings.pollMs);
    expect(await codeOf(watch(world(user(wallet, farcaster()), [pending]), () => false))).toBe(
      'farcaster_signer_canceled',
    );
  });

  it('the public key is the Farcaster account’s signer, as 32 bytes; none before a signer was added', () => {
    expect(getFarcasterSignerPublicKey(user(wallet, farcaster(key)))).toEqual(new Uint8Array(32).fill(0xab));
    expect(() => getFarcasterSignerPublicKey(user(wallet, farcaster()))).toThrow(
      'Must have a Farcaster signer public key to sign',
    );
  });

  it('signs a hash in the frame, as base64url with the fid, and returns the signature bytes', async () => {
    const w = world(user(wallet, farcaster(key)));
    const signature = await signFarcasterMessage(w.client, new Uint8Array(20).fill(1));
    expect(signature).toEqual(new Uint8Array(64).fill(9));
    expect(w.calls.at(-1)).toBe(
      `sign ${JSON.stringify({ address: wallet.address, fid: 77, hash: Buffer.alloc(20, 1).toString('base64url') })}`,
    );
    expect(
      await codeOf(signFarcasterMessage(world(user(wallet, farcaster())).client, new Uint8Array(20))),
    ).toBe('farcaster_signer_not_found');
  });
});
