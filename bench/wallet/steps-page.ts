/**
 * Runs in the browser (bundled by `steps.ts`): times each step of a signature as the wallet frame does it,
 * with the frame's own key library, and the way the frame did it before (@scure/bip32 + a viem account).
 */

import {
  combineShares,
  entropyToMnemonic,
  ethereumRpc,
  ethereumSigner,
  generateEntropy,
  mnemonicBytes,
  seedFromEntropyAsync,
  solanaKey,
  solanaSignMessage,
  splitEntropy,
  toBase64,
  warmUpCurve,
} from '@latchkey/keys';
import {
  AuthShareCache,
  DeviceShares,
  dispatcher,
  type FrameContext,
  type ServerApi,
} from '@latchkey/wallet-frame/testing';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { HDKey } from '@scure/bip32';
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';

export interface StepTimes {
  /** Median milliseconds per step name, in the order run. */
  medians: Record<string, number>;
  userAgent: string;
}

const median = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** Calls per sample: Chromium rounds `performance.now()` to 0.1 ms on a page that is not cross-origin isolated. */
const BATCH = 10;

const salt = new TextEncoder().encode('mnemonic');

/**
 * The median time of one call of `step`, over `rounds` samples of `BATCH` calls each (after `rounds / 4`
 * untimed samples), each call over a fresh input index.
 */
async function time(rounds: number, step: (i: number) => unknown): Promise<number> {
  let i = 0;
  const sample = async () => {
    const start = performance.now();
    for (let j = 0; j < BATCH; j++) await step(i++);
    return (performance.now() - start) / BATCH;
  };
  for (let n = 0; n < Math.ceil(rounds / 4); n++) await sample();
  const samples: number[] = [];
  for (let n = 0; n < rounds; n++) samples.push(await sample());
  return median(samples);
}

export async function runSteps(rounds: number): Promise<StepTimes> {
  const medians: Record<string, number> = {};
  const entropy = generateEntropy();
  const shares = await splitEntropy(entropy);
  const seed = await seedFromEntropyAsync(entropy);
  const address = ethereumSigner(seed, 0).address;
  const key = secp256k1.utils.randomSecretKey();
  const digest = (i: number) => Uint8Array.from({ length: 32 }, (_, j) => i + j);
  const step = async (name: string, fn: (i: number) => unknown) => {
    medians[name] = await time(rounds, fn);
  };

  // The seed: WebCrypto's PBKDF2 runs on another thread, so JavaScript work started before awaiting it
  // (here 4 public keys) costs nothing extra; but nothing a signature computes can start without the seed.
  await step('Shamir combine (device + auth share)', () =>
    combineShares(shares.deviceShare, shares.authShare),
  );
  await step('BIP-39 seed (mnemonicBytes + PBKDF2-SHA512 ×2048, WebCrypto)', () =>
    seedFromEntropyAsync(entropy),
  );
  await step('  of which the mnemonic, before: @scure/bip39 entropyToMnemonic', () =>
    entropyToMnemonic(entropy),
  );
  await step('  of which the mnemonic, after: mnemonicBytes', () => mnemonicBytes(entropy));
  const password = mnemonicBytes(entropy);
  const pbkdf2Key = await globalThis.crypto.subtle.importKey('raw', password, 'PBKDF2', false, [
    'deriveBits',
  ]);
  const pbkdf2 = (iterations: number) =>
    globalThis.crypto.subtle.deriveBits(
      { name: 'PBKDF2', hash: 'SHA-512', salt, iterations },
      pbkdf2Key,
      512,
    );
  await step('  of which deriveBits', () => pbkdf2(2048));
  await step('  deriveBits with 1 iteration (the thread hop)', () => pbkdf2(1));
  const fourPublicKeys = () => {
    for (let j = 0; j < 4; j++) secp256k1.getPublicKey(key, true);
  };
  await step('  4 getPublicKey', fourPublicKeys);
  await step('  deriveBits with 4 getPublicKey run while it computes', () => {
    const bits = pbkdf2(2048);
    fourPublicKeys();
    return bits;
  });

  // Primitives and the two ways of deriving and signing, with noble's default 6-bit tables.
  await step('HMAC-SHA512 (@noble/hashes), one', (i) => hmac(sha512, seed, Uint8Array.of(i & 255)));
  await step('W=6: secp256k1 getPublicKey, one', () => secp256k1.getPublicKey(key, false));
  await step('W=6: secp256k1 sign, one', (i) => secp256k1.sign(digest(i), key, { prehash: false }));
  await step('W=6: ed25519 getPublicKey, one', () => ed25519.getPublicKey(key));
  await step('before: ethereumKey (@scure/bip32 derive + viem address)', (i) => {
    const node = HDKey.fromMasterSeed(seed).derive(`m/44'/60'/0'/0/${i % 8}`);
    return privateKeyToAddress(`0x${bytesToHex(node.privateKey!)}`);
  });
  const signer = ethereumSigner(seed, 0);
  const hexKey = `0x${bytesToHex(signer.privateKey)}` as const;
  await step('before: personal_sign (viem account: public key again, then sign)', (i) =>
    privateKeyToAccount(hexKey).signMessage({ message: `message ${i}` }),
  );
  await step('W=6: ethereumSigner (lean BIP-32 + address)', (i) => ethereumSigner(seed, i % 8));
  await step('W=6: personal_sign (signHash over the signer)', (i) =>
    ethereumRpc(signer, { method: 'personal_sign', params: [`message ${i}`, address] }),
  );
  await step('W=6: Solana: solanaKey + solanaSignMessage', (i) => {
    const solana = solanaKey(seed, i % 8);
    return solanaSignMessage(solana.secretKey, Uint8Array.of(i & 255, 1, 2, 3));
  });

  // The frame builds 8-bit tables when it starts (warm-up.ts).
  for (const curve of ['secp256k1', 'ed25519'] as const) {
    const start = performance.now();
    warmUpCurve(curve);
    medians[`warmUpCurve('${curve}'), once`] = performance.now() - start;
  }
  await step('W=8: secp256k1 getPublicKey, one', () => secp256k1.getPublicKey(key, false));
  await step('W=8: secp256k1 sign, one', (i) => secp256k1.sign(digest(i), key, { prehash: false }));
  await step('W=8: ed25519 getPublicKey, one', () => ed25519.getPublicKey(key));
  await step('W=8: ethereumSigner', (i) => ethereumSigner(seed, i % 8));
  await step('W=8: personal_sign (signHash)', (i) =>
    ethereumRpc(signer, { method: 'personal_sign', params: [`message ${i}`, address] }),
  );
  await step('W=8: Solana: solanaKey + solanaSignMessage', (i) => {
    const solana = solanaKey(seed, i % 8);
    return solanaSignMessage(solana.secretKey, Uint8Array.of(i & 255, 1, 2, 3));
  });

  // A whole signature as the frame does it, timed by part (medians of each part).
  const parts: Record<string, number[]> = { combine: [], seed: [], derive: [], sign: [] };
  await step('W=8: whole operation (combine, seed, derive, sign, wipe)', async (i) => {
    let last = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      parts[name]!.push(now - last);
      last = now;
    };
    const rebuilt = await combineShares(shares.deviceShare, shares.authShare);
    lap('combine');
    const opSeed = await seedFromEntropyAsync(rebuilt);
    lap('seed');
    const opSigner = ethereumSigner(opSeed, 0);
    lap('derive');
    const signature = await ethereumRpc(opSigner, { method: 'personal_sign', params: [`m ${i}`, address] });
    lap('sign');
    opSigner.privateKey.fill(0);
    opSeed.fill(0);
    rebuilt.fill(0);
    return signature;
  });
  for (const [name, times] of Object.entries(parts)) medians[`  part: ${name}`] = median(times);

  // The frame's own request path, as `privy:wallets:rpc` runs it (request checks, the device share from
  // localStorage, the held auth share, the entropy session, the handler), without postMessage.
  const appId = 'steps';
  const deviceShares = new DeviceShares(() => window.localStorage, appId);
  deviceShares.save([address], shares.deviceShare);
  const api = { authShare: async () => toBase64(shares.authShare) } as unknown as ServerApi;
  const ctx: FrameContext = {
    config: { appId, apiUrl: location.origin, allowedOrigins: [] },
    api,
    deviceShares,
    authShares: new AuthShareCache(),
  };
  const payload = btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).replace(/=+$/, '');
  const token = `e30.${payload}.x`;
  const dispatch = dispatcher(ctx);
  await step('W=8: frame dispatcher, privy:wallets:rpc personal_sign', async (i) => {
    const reply = await dispatch({
      id: `id-${i}`,
      event: 'privy:wallets:rpc',
      data: {
        accessToken: token,
        entropyId: address,
        entropyIdVerifier: 'ethereum-address-verifier',
        chainType: 'ethereum',
        hdWalletIndex: 0,
        request: { method: 'personal_sign', params: [`message ${i}`, address] },
      },
    });
    if (!('data' in reply)) throw new Error(`the frame answered ${JSON.stringify(reply)}`);
  });
  deviceShares.delete([address]);
  return { medians, userAgent: navigator.userAgent };
}
