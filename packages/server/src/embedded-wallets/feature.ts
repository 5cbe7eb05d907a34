import { dpopHeaders, frameApi, frameRoutes } from '@latchkey/protocol';
import { generatePrivateKey, privateKeyToAddress } from 'viem/accounts';
import { toWireUser } from '../accounts/user-record.ts';
import { type Feature, route } from '../feature.ts';
import {
  always,
  invalidData,
  invalidKeyProof,
  label,
  linkedAccountNotFound,
  ok,
} from '../hostile-fixtures.ts';
import { requireMfa } from '../tokens/mfa-token.ts';
import { addEmbeddedWallet } from './add-embedded-wallet.ts';
import {
  addWalletBody,
  authShareBody,
  createBody,
  emptyBody,
  importBody,
  keyMaterialBody,
  recoveryShareBody,
  setRecoveryBody,
} from './bodies.ts';
import { createEmbeddedWallet } from './create-embedded-wallet.ts';
import { enrollDevice, requireEnrolledDevice } from './devices.ts';
import { currentDpopNonce } from './dpop.ts';
import { displayEntropyId, openAuthShare, requireEntropy } from './entropy-store.ts';
import { importEmbeddedWallet } from './import-embedded-wallet.ts';
import { keyMaterial, recoveryShareReply } from './key-material.ts';
import { issueKeyProofNonce } from './key-proofs.ts';
import { pregenerateFixtures, pregenerateRoute } from './pregenerate-route.ts';
import { embeddedWalletSweeps } from './retention.ts';
import { sessionEventStream } from './session-events.ts';
import { setRecovery } from './set-recovery.ts';
import { recordShareRelease } from './wallet-events.ts';

// Hostile-input fixtures.
const evmAddress = () => privateKeyToAddress(generatePrivateKey());
/**
 * A key proof shaped right but for a nonce never issued: the well-formed body of a proven route
 * reaches the key-proof check and stops there (the integration tests sign real ones).
 */
const unissuedProof = { nonce: 'n'.repeat(32), signature: `0x${'11'.repeat(65)}` };
/** An entropy id is any bounded text: unknown ones are not found; NUL and 10k are refused. */
const entropyId = label(linkedAccountNotFound);

const path = (name: keyof typeof frameApi) => `${frameApi.prefix}${frameApi[name]}`;

/**
 * `/api/v1/embedded_wallets/*`: the wallet frame's own API (protocol `frameApi`). Every route needs
 * the user's session; every route that hands out or changes share material also needs a DPoP proof
 * by a device key enrolled for the user, which only a wallet frame holds (docs/security.md). And the
 * app backend's wallet pregeneration (`POST /apps/:app_id/users/wallet`, pregenerate-route.ts).
 */
export const embeddedWalletsFeature: Feature = {
  name: 'embedded-wallets',
  sweeps: embeddedWalletSweeps,
  routes: ({ ctx }) => {
    const enrolled = [requireEnrolledDevice(ctx)];
    // Once the user has an MFA factor, share material and signing need a valid MFA token too: the
    // device proof first (a party without the device learns nothing of the user's factors).
    const enrolledWithMfa = [...enrolled, requireMfa(ctx)];
    return [
      // The frame's check that the session it serves is still live, before it uses a share it holds:
      // run before every signature, so with MFA it stops signing once the MFA token expires.
      route(frameRoutes.frameSession, {
        auth: 'frame',
        middleware: [requireMfa(ctx)],
        body: emptyBody,
        // With the current DPoP nonce: the frame renews an aging one here, so its next proof is not refused.
        handler: (c) => {
          c.header(dpopHeaders.nonce, currentDpopNonce(ctx));
          return c.json({ session_id: c.get('auth').sessionId });
        },
      }),
      // The same check pushed: while the session is live the frame signs without asking (session-events.ts).
      // Behind the same guards as frameSession (a user with a factor needs a valid MFA token to open it).
      route(frameRoutes.frameSessionEvents, {
        auth: 'frame',
        middleware: [requireMfa(ctx)],
        body: emptyBody,
        handler: (c) => sessionEventStream(ctx, c.get('auth')),
      }),
      route(frameRoutes.frameEnrollDevice, {
        auth: 'frame',
        body: emptyBody,
        handler: async (c) => {
          await enrollDevice(ctx, c);
          return c.json({});
        },
      }),
      route(frameRoutes.frameNonce, {
        auth: 'frame',
        middleware: enrolled,
        body: emptyBody,
        handler: async (c) => c.json(await issueKeyProofNonce(ctx, c.get('app').id, c.get('auth').userId)),
      }),
      route(frameRoutes.frameCreate, {
        auth: 'frame',
        middleware: enrolled,
        body: createBody,
        handler: async (c, body) =>
          c.json(toWireUser(await createEmbeddedWallet(ctx, c.get('app'), c.get('auth').userId, body))),
      }),
      route(frameRoutes.frameAddWallet, {
        auth: 'frame',
        middleware: enrolled,
        body: addWalletBody,
        handler: async (c, body) =>
          c.json(toWireUser(await addEmbeddedWallet(ctx, c.get('app'), c.get('auth').userId, body))),
      }),
      route(frameRoutes.frameImport, {
        auth: 'frame',
        middleware: enrolled,
        body: importBody,
        handler: async (c, body) =>
          c.json(toWireUser(await importEmbeddedWallet(ctx, c.get('app'), c.get('auth').userId, body))),
      }),
      route(frameRoutes.frameAuthShare, {
        auth: 'frame',
        middleware: enrolledWithMfa,
        body: authShareBody,
        handler: async (c, body) => {
          const { app, auth } = { app: c.get('app'), auth: c.get('auth') };
          const entropy = await requireEntropy(ctx.db, app.id, auth.userId, body.entropy_id);
          if (body.purpose === 'export')
            await recordShareRelease(
              ctx.db,
              app.id,
              auth.userId,
              displayEntropyId(entropy),
              'wallet.private_key_export',
              ctx.now(),
            );
          return c.json({
            auth_share: Buffer.from(openAuthShare(ctx.secretBox, entropy)).toString('base64'),
            // The frame keeps the share for this session only, and checks the session before each use.
            session_id: c.get('auth').sessionId,
          });
        },
      }),
      route(frameRoutes.frameRecoveryShare, {
        auth: 'frame',
        middleware: enrolledWithMfa,
        body: recoveryShareBody,
        handler: async (c, body) => {
          const { app, auth } = { app: c.get('app'), auth: c.get('auth') };
          const entropy = await requireEntropy(ctx.db, app.id, auth.userId, body.entropy_id);
          const reply = await recoveryShareReply(ctx, entropy, body.password_verifier ?? null);
          // After the password check: a refused recovery is no recovery.
          if (body.purpose === 'recover')
            await recordShareRelease(
              ctx.db,
              app.id,
              auth.userId,
              displayEntropyId(entropy),
              'wallet.recovered',
              ctx.now(),
            );
          return c.json(reply);
        },
      }),
      route(frameRoutes.frameSetRecovery, {
        auth: 'frame',
        middleware: enrolled,
        body: setRecoveryBody,
        handler: async (c, body) =>
          c.json(toWireUser(await setRecovery(ctx, c.get('app'), c.get('auth').userId, body))),
      }),
      route(frameRoutes.frameKeyMaterial, {
        auth: 'frame',
        middleware: enrolledWithMfa,
        body: keyMaterialBody,
        handler: async (c, body) => {
          const { userId } = c.get('auth');
          const address = c.req.param('address') ?? '';
          return c.json(await keyMaterial(ctx, c.get('app'), userId, address, body.chain_type));
        },
      }),
      pregenerateRoute(ctx),
    ];
  },
  fixtures: {
    ...pregenerateFixtures,
    // An event stream never ends while the session lives: its refusals are tested by session-events.test.ts.
    [`POST ${frameRoutes.frameSessionEvents.path}`]: { valid: ok, coveredBy: 'session-events' },
    [`POST ${path('create')}`]: {
      body: (env) => {
        const body = env.kit.walletBody();
        const wallets = body.wallets as { address: string }[];
        return {
          ...body,
          nonce: unissuedProof.nonce,
          key_proofs: wallets.map((w) => ({ address: w.address, signature: unissuedProof.signature })),
        };
      },
      // The victim has their wallet already (one entropy per user): a well-formed create is refused.
      valid: invalidData,
      required: [
        'entropy_id',
        'entropy_id_verifier',
        'auth_share',
        'recovery_method',
        'encrypted_recovery_share',
        'recovery_key',
        'wallets',
        'nonce',
        'key_proofs',
      ],
      strings: {
        nonce: always(invalidData),
        entropy_id: always(invalidData),
        entropy_id_verifier: always(invalidData),
        auth_share: always(invalidData),
        recovery_method: always(invalidData),
        encrypted_recovery_share: always(invalidData),
        recovery_key: always(invalidData),
        recovery_key_derivation_salt: always(invalidData),
      },
    },
    [`POST ${path('addWallet')}`]: {
      body: (env) => ({
        entropy_id: env.entropyId,
        chain_type: 'ethereum',
        address: evmAddress(),
        wallet_index: env.next(),
        ...unissuedProof,
      }),
      valid: invalidKeyProof,
      required: ['entropy_id', 'chain_type', 'address', 'wallet_index', 'nonce', 'signature'],
      strings: {
        entropy_id: entropyId,
        chain_type: always(invalidData),
        address: always(invalidData),
        nonce: always(invalidData),
        signature: label(invalidKeyProof),
      },
    },
    [`POST ${path('authShare')}`]: {
      body: (env) => ({ entropy_id: env.entropyId }),
      valid: ok,
      required: ['entropy_id'],
      strings: { entropy_id: entropyId },
    },
    [`POST ${path('recoveryShare')}`]: {
      body: (env) => ({ entropy_id: env.entropyId }),
      valid: ok,
      required: ['entropy_id'],
      strings: { entropy_id: entropyId, password_verifier: always(invalidData) },
    },
    ...Object.fromEntries(
      (['enrollDevice', 'session', 'nonce'] as const).map((name) => [
        `POST ${path(name)}`,
        { body: () => ({}), valid: ok, empty: ok },
      ]),
    ),
    [`POST ${path('setRecovery')}`]: {
      body: (env) => ({
        entropy_id: env.entropyId,
        auth_share: env.kit.share(),
        ...env.kit.recoveryFields(),
        ...unissuedProof,
      }),
      valid: invalidKeyProof,
      required: [
        'entropy_id',
        'auth_share',
        'recovery_method',
        'encrypted_recovery_share',
        'recovery_key',
        'nonce',
        'signature',
      ],
      strings: {
        entropy_id: entropyId,
        auth_share: always(invalidData),
        recovery_method: always(invalidData),
        encrypted_recovery_share: always(invalidData),
        recovery_key: always(invalidData),
        nonce: always(invalidData),
        signature: label(invalidKeyProof),
        current_password_verifier: always(invalidData),
      },
    },
    [`POST ${path('import')}`]: {
      // A fresh key's address each time: every well-formed import is the victim's new wallet.
      body: (env) => ({
        chain_type: 'ethereum',
        address: evmAddress(),
        auth_share: env.kit.share(33),
        ...env.kit.recoveryFields(),
        ...unissuedProof,
      }),
      valid: invalidKeyProof,
      required: [
        'chain_type',
        'address',
        'auth_share',
        'recovery_method',
        'encrypted_recovery_share',
        'recovery_key',
        'nonce',
        'signature',
      ],
      strings: {
        nonce: always(invalidData),
        signature: label(invalidKeyProof),
        chain_type: always(invalidData),
        address: always(invalidData),
        auth_share: always(invalidData),
        recovery_method: always(invalidData),
        encrypted_recovery_share: always(invalidData),
        recovery_key: always(invalidData),
        recovery_key_derivation_salt: always(invalidData),
      },
    },
    [`POST ${path('keyMaterial')}`]: {
      path: (env) => `${frameApi.prefix}/${env.entropyId}/recovery/key_material`,
      body: () => ({ chain_type: 'ethereum' }),
      valid: ok,
      strings: { chain_type: always(invalidData) },
      empty: ok,
    },
  },
};
