import { type FarcasterAppIdentity, farcasterAdminApi } from '@latchkey/protocol';
import { type Address, type Hex, isAddressEqual, zeroAddress } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { z } from 'zod';
import type { AppRecord } from '../app-config/app-record.ts';
import type { AppSettingsDeclaration } from '../app-config/feature-settings.ts';
import { openAppSettingSecret, updateApp } from '../apps/app-service.ts';
import type { ServerContext } from '../context.ts';
import { type Route, route } from '../feature.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import { fid } from './bodies.ts';
import { farcasterRegistry } from './verify-siwf.ts';

/*
 * The app's own Farcaster account (docs/farcaster.md, "Farcaster signer"): its fid and the private
 * key of its custody address, which signs every signed key request the app's users approve. Two
 * server-side app settings: the fid in the clear, the key sealed at rest like every secret app
 * setting (bound to the app and the field, feature-settings.ts) and never answered, logged or shown
 * (the admin API shows the custody address the key signs as). Set through the admin API's
 * `/farcaster_identity` (which checks the key against the fid's custody on the IdRegistry), or the
 * app patch.
 */

export const appFidField = 'farcaster_app_fid';
export const appCustodyKeyField = 'farcaster_app_custody_key';

const privateKeyShape = /^0x[0-9a-fA-F]{64}$/;
const privateKeyMessage = 'must be a 32-byte private key: 0x and 64 hex digits';

export const farcasterAppSettings: AppSettingsDeclaration = {
  fields: {
    [appFidField]: fid.nullable(),
    [appCustodyKeyField]: z.string().max(66).regex(privateKeyShape, privateKeyMessage).nullable(),
  },
  defaults: { [appFidField]: null, [appCustodyKeyField]: null },
  secrets: [{ field: appCustodyKeyField, label: 'Farcaster app custody key' }],
};

/** The app's identity, ready to sign: null when either part is not set. */
export interface AppFarcasterSigner {
  fid: bigint;
  account: PrivateKeyAccount;
}

const storedFid = (app: AppRecord): number | null => {
  const value = (app.settings as unknown as Record<string, unknown>)[appFidField];
  return typeof value === 'number' ? value : null;
};

/** The app's custody account, its key opened; null when not set. */
function custodyAccount(ctx: ServerContext, app: AppRecord): PrivateKeyAccount | null {
  const key = openAppSettingSecret(ctx, app, appCustodyKeyField);
  return key === null ? null : privateKeyToAccount(key as Hex);
}

export function appFarcasterSigner(ctx: ServerContext, app: AppRecord): AppFarcasterSigner | null {
  const fidValue = storedFid(app);
  if (fidValue === null) return null;
  const account = custodyAccount(ctx, app);
  return account ? { fid: BigInt(fidValue), account } : null;
}

/** What the admin API shows: the fid and the custody address, never the key. */
export function appIdentityView(ctx: ServerContext, app: AppRecord): FarcasterAppIdentity {
  return { fid: storedFid(app), custody_address: custodyAccount(ctx, app)?.address ?? null };
}

/** A key the caller gave, checked: a secp256k1 private key (the message never repeats it). */
function parsePrivateKey(value: string): PrivateKeyAccount {
  const invalid = () => new ApiError('invalid_data', `Invalid custody_private_key: ${privateKeyMessage}.`);
  if (!privateKeyShape.test(value)) throw invalid();
  try {
    return privateKeyToAccount(value.toLowerCase() as Hex);
  } catch {
    throw invalid();
  }
}

/**
 * The key must be the fid's custody key, or every request it signs is refused by Warpcast and the
 * validator. Checked on the IdRegistry when the server reads one (an injected registry, or
 * `eip155:10` in `LATCHKEY_RPC_URLS`); without one, saved unchecked.
 */
async function assertCustody(ctx: ServerContext, fidValue: number, custody: Address): Promise<void> {
  let registry: ReturnType<typeof farcasterRegistry>;
  try {
    registry = farcasterRegistry(ctx);
  } catch {
    return;
  }
  let owner: Address;
  try {
    owner = await registry.custodyOf(BigInt(fidValue));
  } catch (error) {
    ctx.log.error('farcaster registry read failed', {
      read: 'custodyOf',
      error: (error as { shortMessage?: string }).shortMessage ?? (error as Error).name,
    });
    throw new ApiError(
      'internal_error',
      'Could not read the custody of the fid from the chain. Try again later.',
      {
        status: 502,
      },
    );
  }
  if (isAddressEqual(owner, zeroAddress))
    throw new ApiError('invalid_data', `Invalid fid: fid ${fidValue} is not registered.`);
  if (!isAddressEqual(owner, custody))
    throw new ApiError(
      'invalid_data',
      `Invalid custody_private_key: its address ${custody} is not the custody address of fid ${fidValue} (${owner}).`,
    );
}

const identityBody = z.object({ fid, custody_private_key: boundedString(100) });

/** `/admin/v1/apps/:id/farcaster_identity`: read, set, clear (admin key or dashboard session). */
export function appIdentityRoutes(ctx: ServerContext): Route[] {
  const load = async (id: string) => {
    const app = await ctx.apps.load(id, { fresh: true });
    if (!app) throw new ApiError('not_found', 'App not found.');
    return app;
  };
  return [
    route(farcasterAdminApi.adminFarcasterIdentityGet, {
      auth: 'admin',
      handler: async (c) => c.json(appIdentityView(ctx, await load(c.req.param('id') ?? ''))),
    }),
    route(farcasterAdminApi.adminFarcasterIdentitySet, {
      auth: 'admin',
      body: identityBody,
      handler: async (c, body) => {
        const app = await load(c.req.param('id') ?? '');
        const account = parsePrivateKey(body.custody_private_key);
        await assertCustody(ctx, body.fid, account.address);
        const saved = await updateApp(ctx, app.id, {
          [appFidField]: body.fid,
          [appCustodyKeyField]: body.custody_private_key.toLowerCase(),
        });
        return c.json(appIdentityView(ctx, saved));
      },
    }),
    route(farcasterAdminApi.adminFarcasterIdentityDelete, {
      auth: 'admin',
      handler: async (c) => {
        const app = await load(c.req.param('id') ?? '');
        const saved = await updateApp(ctx, app.id, { [appFidField]: null, [appCustodyKeyField]: null });
        return c.json(appIdentityView(ctx, saved));
      },
    }),
  ];
}
