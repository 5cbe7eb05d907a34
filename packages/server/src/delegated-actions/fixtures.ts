import { generateKeyPairSync } from 'node:crypto';
import { delegatedActionsApi, delegationFrameRoutes } from '@latchkey/protocol';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { always, invalidData, label, type Outcome, ok, type RouteFixture } from '../hostile-fixtures.ts';

/** The suite's app sets no signer: a well-formed consent reaches that check and stops there. */
const notEnabled: Outcome = { status: 403, code: 'feature_not_enabled' };
/** A P-256 public key (base64 SPKI): what the frame registers. Public, nothing secret. */
const framePublicKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  .publicKey.export({ format: 'der', type: 'spki' })
  .toString('base64');
const name = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** The hostile-input suite's fixtures of the delegated-actions routes (hostile-fixtures.ts). */
export const delegationFixtures: Record<string, RouteFixture> = {
  [name(delegationFrameRoutes.frameDelegationInit)]: {
    body: () => ({}),
    valid: notEnabled,
    empty: notEnabled,
  },
  [name(delegationFrameRoutes.frameDelegate)]: {
    body: () => ({
      encryption_public_key: Buffer.alloc(65, 4).toString('base64'),
      wallets: [
        {
          address: privateKeyToAddress(generatePrivateKey()),
          chain_type: 'ethereum',
          wallet_index: 0,
          imported: false,
          encapsulated_key: Buffer.alloc(65, 4).toString('base64'),
          ciphertext: Buffer.alloc(48, 1).toString('base64'),
        },
      ],
    }),
    valid: notEnabled,
    required: ['encryption_public_key', 'wallets'],
    strings: { encryption_public_key: label(notEnabled), reason: always(invalidData) },
  },
  [name(delegationFrameRoutes.frameUserSigner)]: {
    body: () => ({ public_key: framePublicKey }),
    valid: ok,
    required: ['public_key'],
    strings: { public_key: always(invalidData) },
  },
  [name(delegatedActionsApi.walletsRevoke)]: { body: () => ({}), valid: ok, empty: ok },
};
