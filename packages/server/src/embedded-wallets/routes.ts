import { frameApi } from '@latchkey/protocol';
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { readBody } from '../http/body.ts';
import type { AppEnv } from '../http/env.ts';
import { requireUser } from '../http/middleware.ts';
import { toWireUser } from '../users/user-record.ts';
import { addEmbeddedWallet } from './add-embedded-wallet.ts';
import {
  addWalletBody,
  createBody,
  emptyBody,
  entropyBody,
  importBody,
  keyMaterialBody,
  recoveryShareBody,
  setRecoveryBody,
} from './bodies.ts';
import { createEmbeddedWallet } from './create-embedded-wallet.ts';
import { enrollDevice, requireEnrolledDevice } from './devices.ts';
import { openAuthShare, requireEntropy } from './entropy-store.ts';
import { requireFrameOriginForCookies } from './frame-origin.ts';
import { importEmbeddedWallet } from './import-embedded-wallet.ts';
import { keyMaterial, recoveryShareReply } from './key-material.ts';
import { issueKeyProofNonce } from './key-proofs.ts';
import { setRecovery } from './set-recovery.ts';

/**
 * `/api/v1/embedded_wallets/*`: the wallet frame's own API (protocol `frameApi`). Every route needs
 * the user's session; every route that hands out or changes share material also needs a DPoP proof
 * by a device key enrolled for the user, which only a wallet frame holds (docs/security.md).
 */
export function embeddedWalletRoutes(ctx: ServerContext) {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireFrameOriginForCookies(ctx), requireUser(ctx));
  const enrolled = requireEnrolledDevice(ctx);

  // The frame's check that the session it serves is still live, before it uses a share it holds.
  routes.post(frameApi.session, async (c) => {
    await readBody(c, emptyBody);
    return c.json({ session_id: c.get('auth').sessionId });
  });

  routes.post(frameApi.enrollDevice, async (c) => {
    await readBody(c, emptyBody);
    await enrollDevice(ctx, c);
    return c.json({});
  });

  routes.post(frameApi.nonce, enrolled, async (c) => {
    await readBody(c, emptyBody);
    return c.json(await issueKeyProofNonce(ctx, c.get('app').id, c.get('auth').userId));
  });

  routes.post(frameApi.create, enrolled, async (c) => {
    const body = await readBody(c, createBody);
    const user = await createEmbeddedWallet(ctx, c.get('app'), c.get('auth').userId, body);
    return c.json(toWireUser(user));
  });

  routes.post(frameApi.addWallet, enrolled, async (c) => {
    const body = await readBody(c, addWalletBody);
    const user = await addEmbeddedWallet(ctx, c.get('app'), c.get('auth').userId, body);
    return c.json(toWireUser(user));
  });

  routes.post(frameApi.import, enrolled, async (c) => {
    const body = await readBody(c, importBody);
    const user = await importEmbeddedWallet(ctx, c.get('app'), c.get('auth').userId, body);
    return c.json(toWireUser(user));
  });

  routes.post(frameApi.authShare, enrolled, async (c) => {
    const body = await readBody(c, entropyBody);
    const entropy = await requireEntropy(ctx.db, c.get('app').id, c.get('auth').userId, body.entropy_id);
    return c.json({
      auth_share: Buffer.from(openAuthShare(ctx.secretBox, entropy)).toString('base64'),
      // The frame keeps the share for this session only, and checks the session before each use.
      session_id: c.get('auth').sessionId,
    });
  });

  routes.post(frameApi.recoveryShare, enrolled, async (c) => {
    const body = await readBody(c, recoveryShareBody);
    const entropy = await requireEntropy(ctx.db, c.get('app').id, c.get('auth').userId, body.entropy_id);
    return c.json(await recoveryShareReply(ctx, entropy, body.password_verifier ?? null));
  });

  routes.post(frameApi.setRecovery, enrolled, async (c) => {
    const body = await readBody(c, setRecoveryBody);
    const user = await setRecovery(ctx, c.get('app'), c.get('auth').userId, body);
    return c.json(toWireUser(user));
  });

  routes.post(frameApi.keyMaterial, enrolled, async (c) => {
    const body = await readBody(c, keyMaterialBody);
    const reply = await keyMaterial(
      ctx,
      c.get('app'),
      c.get('auth').userId,
      c.req.param('address'),
      body.chain_type,
    );
    return c.json(reply);
  });
  return routes;
}
