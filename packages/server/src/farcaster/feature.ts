import { farcasterApi } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { bindBody, type Feature, type Route } from '../feature.ts';
import { identityMethodRoutes } from '../login/identity-method.ts';
import { parseEvmSignature } from '../wallets/evm-signature.ts';
import { appIdentityRoutes, farcasterAppSettings } from './app-identity.ts';
import { authenticateBody, linkBody, transferBody, unlinkBody } from './bodies.ts';
import { farcasterFixtures } from './fixtures.ts';
import { loginChannelRoutes } from './login-channel.ts';
import { farcasterMigrations } from './migrations.ts';
import { relayRoutes } from './relay.ts';
import { farcasterSweeps } from './retention.ts';
import { assertFarcasterEnabled, verifyChannelSignIn } from './sign-in.ts';
import { deleteUserSignerRequests } from './signer-requests.ts';
import { signerRoutes } from './signers.ts';
import { parseSiwfMessage } from './siwf-message.ts';
import { miniAppRoutes } from './v2.ts';

/** Login, link, unlink and transfer of a Farcaster account, from the identity method. */
function identityRoutes(ctx: ServerContext): Route[] {
  return identityMethodRoutes(ctx, {
    type: 'farcaster',
    authenticate: bindBody(farcasterApi.farcasterAuthenticate, authenticateBody),
    link: bindBody(farcasterApi.farcasterLink, linkBody),
    accept: (app, body) => {
      assertFarcasterEnabled(app);
      // Free checks first: junk is invalid_data before any channel is looked up.
      parseSiwfMessage(body.message);
      parseEvmSignature(body.signature);
      return body;
    },
    verify: (ctx, app, body) => verifyChannelSignIn(ctx, app, body),
    unlink: {
      body: bindBody(farcasterApi.farcasterUnlink, unlinkBody),
      identifier: (_app, body) => String(body.fid),
    },
    transfer: {
      body: bindBody(farcasterApi.farcasterTransfer, transferBody),
      // The link that issued the nonce verified the sign-in and spent its channel; the nonce names
      // the fid it granted (transferAccount checks the two agree).
      identity: (app, body) => {
        assertFarcasterEnabled(app);
        return { type: 'farcaster', identifier: String(body.farcaster_id) };
      },
    },
  });
}

/**
 * Farcaster login (WIRE.md §3.6, docs/farcaster.md): Sign In With Farcaster through a relay
 * channel the Farcaster app completes (v1: `/api/v1/farcaster/*`), or from a Mini App host (v2:
 * `/api/v2/farcaster/*`); the relay's channel protocol, embedded (`/farcaster-relay/v1/*`); and
 * Farcaster signers (`/api/v1/farcaster/signer/*`, signers.ts) with the app's own Farcaster
 * identity (`/admin/v1/apps/:id/farcaster_identity`, app-identity.ts).
 */
export const farcasterFeature: Feature = {
  name: 'farcaster',
  migrations: farcasterMigrations,
  sweeps: farcasterSweeps,
  routes: ({ ctx }) => [
    ...loginChannelRoutes(ctx),
    ...identityRoutes(ctx),
    ...miniAppRoutes(ctx),
    ...relayRoutes(ctx),
    ...signerRoutes(ctx),
    ...appIdentityRoutes(ctx),
  ],
  appSettings: farcasterAppSettings,
  deletesWithUser: deleteUserSignerRequests,
  fixtures: farcasterFixtures,
};
