import { createAppClient, viemConnector } from '@farcaster/auth-client';
import { ed25519 } from '@noble/curves/ed25519.js';
import { bytesToHex, type Hex, type LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { farcasterApp } from '../stand-ins/farcaster-app.ts';
import { farcasterKeyState, farcasterKeyType, keyRegistryAddress } from './farcaster-addresses.ts';
import { type FarcasterChain, startFarcasterChain } from './farcaster-chain.ts';
import {
  authAddressKey,
  encodeSignedKeyRequestMetadata,
  signSignedKeyRequest,
} from './farcaster-signed-key-request.ts';

let chain: FarcasterChain;
beforeAll(async () => {
  chain = await startFarcasterChain();
});
afterAll(() => chain?.stop());

const newAccount = () => privateKeyToAccount(generatePrivateKey());
const signerKey = (): Hex => bytesToHex(ed25519.getPublicKey(ed25519.utils.randomSecretKey()));

/** A registered account and its fid. */
async function registered(): Promise<{ account: LocalAccount; fid: bigint }> {
  const account = newAccount();
  return { account, fid: await chain.registerFid(account) };
}

/** The app's signed key request for `key`, as the user's app passes it to KeyGateway.add. */
async function keyRequest(app: { account: LocalAccount; fid: bigint }, key: Hex, deadline?: bigint) {
  const message = {
    requestFid: app.fid,
    key,
    deadline: deadline ?? BigInt(Math.floor(Date.now() / 1000) + 3600),
  };
  const signature = await signSignedKeyRequest(app.account, message);
  return encodeSignedKeyRequestMetadata({ ...message, requestSigner: app.account.address, signature });
}

describe('the local chain 10 with Farcaster registries', () => {
  it('answers chain id 10', async () => {
    expect(await chain.node.rpc('eth_chainId')).toBe('0xa');
    expect(await chain.publicClient.getChainId()).toBe(10);
  });

  it('registers fids: idOf and custodyOf agree, one fid per custody address, chosen fids', async () => {
    const { account, fid } = await registered();
    expect(fid).toBeGreaterThan(0n);
    expect(await chain.idOf(account.address)).toBe(fid);
    expect(await chain.custodyOf(fid)).toBe(account.address);
    const next = await registered();
    expect(next.fid).toBe(fid + 1n);
    await expect(chain.registerFid(account)).rejects.toThrow(/HasId/);

    const chosen = newAccount();
    expect(await chain.registerFid(chosen, 262426n)).toBe(262426n);
    expect(await chain.custodyOf(262426n)).toBe(chosen.address);
    await expect(chain.registerFid(newAccount(), 262426n)).rejects.toThrow(/FidTaken/);
    expect(await chain.registerFid(newAccount())).toBe(262427n);
    expect(await chain.idOf(newAccount().address)).toBe(0n);
  });

  it('adds an auth address: keyDataOf(fid, abi.encode(address)) is added, key type 2', async () => {
    const { fid } = await registered();
    const auth = newAccount();
    expect(await chain.keyDataOf(fid, authAddressKey(auth.address))).toEqual({ state: 0, keyType: 0 });
    await chain.addAuthAddress(fid, auth.address);
    expect(await chain.keyDataOf(fid, authAddressKey(auth.address))).toEqual({
      state: farcasterKeyState.added,
      keyType: farcasterKeyType.authAddress,
    });
  });

  it('adds a signer through the KeyGateway with a signed key request, and removes it', async () => {
    const app = await registered();
    const user = await registered();
    const key = signerKey();
    await chain.gatewayAdd(user.account, {
      keyType: farcasterKeyType.signer,
      key,
      metadataType: 1,
      metadata: await keyRequest(app, key),
    });
    expect(await chain.keyDataOf(user.fid, key)).toEqual({ state: 1, keyType: 1 });
    expect(await chain.keysOf(user.fid, 1)).toEqual([key]);
    // The same key again: already added.
    await expect(
      chain.gatewayAdd(user.account, {
        keyType: 1,
        key,
        metadataType: 1,
        metadata: await keyRequest(app, key),
      }),
    ).rejects.toThrow(/InvalidState/);

    await chain.removeKey(user.account, key);
    expect(await chain.keyDataOf(user.fid, key)).toEqual({ state: 2, keyType: 1 });
    expect(await chain.keysOf(user.fid, 1)).toEqual([]);
    expect(await chain.keysOf(user.fid, 2)).toEqual([key]);
    await expect(chain.removeKey(user.account, key)).rejects.toThrow(/InvalidState/);
  });

  it('refuses a key request signed by another address, for another key, past its deadline, or malformed', async () => {
    const app = await registered();
    const user = await registered();
    const key = signerKey();
    const add = (metadata: Hex, addedKey = key) =>
      chain.gatewayAdd(user.account, { keyType: 1, key: addedKey, metadataType: 1, metadata });
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);

    // Signed by an address that holds no fid, claiming the app's fid and its custody address.
    const stranger = newAccount();
    const forged = await signSignedKeyRequest(stranger, { requestFid: app.fid, key, deadline });
    await expect(
      add(
        encodeSignedKeyRequestMetadata({
          requestFid: app.fid,
          requestSigner: app.account.address,
          signature: forged,
          deadline,
        }),
      ),
    ).rejects.toThrow(/InvalidMetadata/);
    // A valid request for another key.
    await expect(add(await keyRequest(app, signerKey()))).rejects.toThrow(/InvalidMetadata/);
    // Past its deadline.
    await expect(add(await keyRequest(app, key, BigInt(Math.floor(Date.now() / 1000) - 60)))).rejects.toThrow(
      /InvalidMetadata/,
    );
    // A key that is not 32 bytes.
    await expect(add(await keyRequest(app, '0x1234'), '0x1234')).rejects.toThrow(/InvalidMetadata/);
    // Metadata type 2 has no validator.
    await expect(
      chain.gatewayAdd(user.account, {
        keyType: 1,
        key,
        metadataType: 2,
        metadata: await keyRequest(app, key),
      }),
    ).rejects.toThrow(/ValidatorNotFound/);
    // From an address that holds no fid.
    await expect(
      chain.gatewayAdd(newAccount(), {
        keyType: 1,
        key,
        metadataType: 1,
        metadata: await keyRequest(app, key),
      }),
    ).rejects.toThrow(/Unauthorized/);
    expect(await chain.keyDataOf(user.fid, key)).toEqual({ state: 0, keyType: 0 });
  });

  it('takes KeyRegistry.add from the KeyGateway only', async () => {
    const { account } = await registered();
    await expect(
      chain.publicClient.simulateContract({
        account,
        address: keyRegistryAddress,
        abi: [
          {
            type: 'function',
            name: 'add',
            stateMutability: 'nonpayable',
            inputs: [
              { name: 'fidOwner', type: 'address' },
              { name: 'keyType', type: 'uint32' },
              { name: 'key', type: 'bytes' },
              { name: 'metadataType', type: 'uint8' },
              { name: 'metadata', type: 'bytes' },
            ],
            outputs: [],
          },
          { type: 'error', name: 'Unauthorized', inputs: [] },
        ],
        functionName: 'add',
        args: [account.address, 1, signerKey(), 1, '0x'],
      }),
    ).rejects.toThrow(/Unauthorized/);
  });
});

describe("auth-client's verifySignInMessage against the local registries", () => {
  const domain = 'app.example.com';
  const uri = 'https://app.example.com/login';
  const verify = (message: string, signature: Hex, nonce: string) =>
    createAppClient({ ethereum: viemConnector({ rpcUrl: chain.url }) }).verifySignInMessage({
      nonce,
      domain,
      message,
      signature,
    });
  /** auth-client answers a refusal as a value: `isError` and the error. */
  const refusal = async (message: string, signature: Hex, nonce: string) => {
    const result = await verify(message, signature, nonce);
    expect(result.isError).toBe(true);
    return result.error?.message;
  };

  it('accepts a message signed by the custody address of its fid', async () => {
    const { account, fid } = await registered();
    const { message, signature } = await farcasterApp({ account, fid }).signInMessage({
      domain,
      uri,
      nonce: 'abcdef12345',
    });
    const result = await verify(message, signature, 'abcdef12345');
    expect(result).toMatchObject({ isError: false, success: true, fid: Number(fid), authMethod: 'custody' });
  });

  it('refuses a message for a fid its signer does not hold, and a wrong nonce', async () => {
    const { fid } = await registered();
    const other = newAccount();
    const { message, signature } = await farcasterApp({ account: other, fid }).signInMessage({
      domain,
      uri,
      nonce: 'abcdef12345',
    });
    expect(await refusal(message, signature, 'abcdef12345')).toMatch(
      /is not an auth address or owner of fid/,
    );
    const own = await registered();
    const signed = await farcasterApp(own).signInMessage({ domain, uri, nonce: 'abcdef12345' });
    expect(await refusal(signed.message, signed.signature, 'zzzzzzzzzzz')).toMatch(/nonce/i);
  });

  it('accepts an auth address of the fid, and refuses it once removed or never added', async () => {
    const { account, fid } = await registered();
    const auth = newAccount();
    const player = farcasterApp({ account: auth, fid, authMethod: 'authAddress' });
    const { message, signature } = await player.signInMessage({ domain, uri, nonce: 'abcdef12345' });
    expect(await refusal(message, signature, 'abcdef12345')).toMatch(/is not an auth address or owner/);
    await chain.addAuthAddress(fid, auth.address);
    expect(await verify(message, signature, 'abcdef12345')).toMatchObject({
      isError: false,
      success: true,
      fid: Number(fid),
      authMethod: 'authAddress',
    });
    await chain.removeKey(account, authAddressKey(auth.address));
    expect(await refusal(message, signature, 'abcdef12345')).toMatch(/is not an auth address or owner/);
  });
});
