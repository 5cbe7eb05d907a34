import { delegatedActionsApi, delegationFrameRoutes } from '@latchkey/protocol';
import { toWireUser } from '../accounts/user-record.ts';
import { requireEnrolledDevice } from '../embedded-wallets/devices.ts';
import { type Feature, route } from '../feature.ts';
import { useSigningGate } from '../server-wallets/signing-gates.ts';
import { requireMfa } from '../tokens/mfa-token.ts';
import { assertEnabled, delegatedActionsSettings, delegationSettingsOf } from './app-settings.ts';
import { delegationUploadBody, emptyBody, userSignerBody } from './bodies.ts';
import { delegateWallets } from './delegate.ts';
import { deleteDelegationsOfUser, revokeDelegations } from './destroy.ts';
import { delegationFixtures } from './fixtures.ts';
import { delegationGate } from './gate.ts';
import { initDelegation } from './init.ts';
import { delegatedActionsMigrations } from './migrations.ts';
import { delegationSweeps } from './retention.ts';
import { registerUserSigner } from './user-signer.ts';

/**
 * Delegated actions and session signers (spec document 2 §3, §4, §7; REFERENCES §8.3): with the
 * user's consent the wallet frame uploads the private keys of their embedded wallets, sealed to a
 * one-time key; each becomes a server wallet the user owns that the app's backend may sign for with
 * its authorization signature (`delegated_actions_signer_id`), until revoked or expired. The frame
 * also registers its own key as the user's authorization key, to sign session-signer changes.
 */
export const delegatedActionsFeature: Feature = {
  name: 'delegated-actions',
  migrations: delegatedActionsMigrations,
  sweeps: delegationSweeps,
  appSettings: delegatedActionsSettings,
  deletesWithUser: deleteDelegationsOfUser,
  routes: ({ ctx }) => {
    // Every RPC, raw sign and export of a server wallet asks it first (gate.ts).
    useSigningGate(delegationGate);
    // As the frame's other routes that hand keys over: a device enrolled for the user (its DPoP proof).
    const enrolled = [requireEnrolledDevice(ctx)];
    return [
      route(delegationFrameRoutes.frameDelegationInit, {
        auth: 'frame',
        middleware: enrolled,
        body: emptyBody,
        handler: async (c) => {
          const app = c.get('app');
          assertEnabled(app, delegationSettingsOf(app), 'migration');
          return c.json(await initDelegation(ctx, app.id, c.get('auth').userId));
        },
      }),
      route(delegationFrameRoutes.frameDelegate, {
        auth: 'frame',
        middleware: enrolled,
        body: delegationUploadBody,
        handler: async (c, body) =>
          c.json(toWireUser(await delegateWallets(ctx, c.get('app'), c.get('auth').userId, body))),
      }),
      route(delegationFrameRoutes.frameUserSigner, {
        auth: 'frame',
        // The key it registers signs as the user, and an owner's signature exports a wallet's key:
        // so behind the MFA a key export needs.
        middleware: [...enrolled, requireMfa(ctx)],
        body: userSignerBody,
        handler: async (c, body) =>
          c.json(await registerUserSigner(ctx, c.get('app').id, c.get('auth'), body.public_key)),
      }),
      route(delegatedActionsApi.walletsRevoke, {
        auth: 'user',
        body: emptyBody,
        handler: async (c) => {
          await revokeDelegations(ctx.db, c.get('app').id, c.get('auth').userId, ctx.now() * 1000);
          return c.json({ message: 'Revoked delegated wallets.' });
        },
      }),
    ];
  },
  fixtures: delegationFixtures,
};
