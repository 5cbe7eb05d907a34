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
  entropyBody,
  importBody,
  keyMaterialBody,
  setRecoveryBody,
} from './bodies.ts';
import { createEmbeddedWallet } from './create-embedded-wallet.ts';
import { openAuthShare, requireEntropy } from './entropy-store.ts';
import { requireFrameOrigin } from './frame-origin.ts';
import { importEmbeddedWallet } from './import-embedded-wallet.ts';
import { keyMaterial, recoveryShareReply } from './key-material.ts';
import { setRecovery } from './set-recovery.ts';

/**
 * `/api/v1/embedded_wallets/*`: the wallet frame's own API for key shares and recovery material.
 * Every route needs the user's access token and the frame's origin: shares go to the frame only.
 */
export function embeddedWalletRoutes(ctx: ServerContext) {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireFrameOrigin(ctx), requireUser(ctx));

  routes.post('/frame/create', async (c) => {
    const body = await readBody(c, createBody);
    const user = await createEmbeddedWallet(ctx, c.get('app'), c.get('auth').userId, body);
    return c.json(toWireUser(user));
  });

  routes.post('/frame/add_wallet', async (c) => {
    const body = await readBody(c, addWalletBody);
    const user = await addEmbeddedWallet(ctx, c.get('app'), c.get('auth').userId, body);
    return c.json(toWireUser(user));
  });

  routes.post('/frame/import', async (c) => {
    const body = await readBody(c, importBody);
    const user = await importEmbeddedWallet(ctx, c.get('app'), c.get('auth').userId, body);
    return c.json(toWireUser(user));
  });

  routes.post('/frame/auth_share', async (c) => {
    const body = await readBody(c, entropyBody);
    const entropy = await requireEntropy(ctx.db, c.get('app').id, c.get('auth').userId, body.entropy_id);
    return c.json({ auth_share: Buffer.from(openAuthShare(ctx.secretBox, entropy)).toString('base64') });
  });

  routes.post('/frame/recovery_share', async (c) => {
    const body = await readBody(c, entropyBody);
    const entropy = await requireEntropy(ctx.db, c.get('app').id, c.get('auth').userId, body.entropy_id);
    return c.json(await recoveryShareReply(ctx, entropy));
  });

  routes.post('/frame/set_recovery', async (c) => {
    const body = await readBody(c, setRecoveryBody);
    const user = await setRecovery(ctx, c.get('app'), c.get('auth').userId, body);
    return c.json(toWireUser(user));
  });

  routes.post('/:address/recovery/key_material', async (c) => {
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
