import type { LoginMode } from '@latchkey/protocol';
import type { Context } from 'hono';
import type { AccountType, VerifiedIdentity } from '../accounts/account-record.ts';
import { toWireUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { type BoundBody, boundRoute, type Route } from '../feature.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { loginResponse } from '../sessions/session-service.ts';
import { linkIdentity, unlinkAccount, updateAccount } from './link.ts';
import { loginWithIdentity } from './login.ts';
import { type TransferIdentity, transferAccount } from './transfer.ts';

/**
 * A login method (email codes, SMS codes, a custom JWT…) described once; `identityMethodRoutes`
 * makes its routes. Every route checks everything that costs nothing first (the method is on for
 * the app, the input well-formed), then takes the `verifyIp` limit, then spends the proof: a typo
 * never burns a code, and a flood of bad proofs is limited before any is looked up.
 */
export interface IdentityMethod<
  Proof,
  Authenticate extends Proof & { mode?: LoginMode | undefined },
  Accepted,
  Init,
  Update,
  Unlink,
  Transfer,
> {
  /**
   * The account type of its identities: the one `update` and `unlink` look for. A method whose
   * type depends on the proof (OAuth: one per provider) leaves it out; its unlink names the type.
   */
  type?: AccountType;
  /**
   * Each route's protocol route and body schema, paired (and checked against each other) by
   * `bindBody` where the method is described: `authenticate` takes the fields that prove an
   * identity and `mode`, `link` the proof alone.
   */
  authenticate: BoundBody<Authenticate>;
  link: BoundBody<Proof>;
  /** The checks that cost nothing; answers what `verify` needs. */
  accept(app: AppRecord, body: Proof): Accepted;
  /**
   * Spends the proof (consumes the code, checks the token) and names the identity it proves, with
   * what the authenticate and link answers carry beside it (`Verification.answer`), if anything.
   */
  verify(ctx: ServerContext, app: AppRecord, accepted: Accepted): Promise<VerifiedIdentity | Verification>;
  /** Sends the user something to prove the identity with (a code): `init`, answering `{success: true}`. */
  init?: {
    body: BoundBody<Init>;
    send(ctx: ServerContext, app: AppRecord, body: Init, ip: string): Promise<void>;
  };
  /** Replaces the user's account of this type with a newly proven identity. */
  update?: {
    body: BoundBody<Update>;
    accept(app: AppRecord, body: Update): { old: string; next: Accepted };
  };
  /** Removes the user's account of this type (or of the type it names) with this identifier. */
  unlink?: {
    body: BoundBody<Unlink>;
    identifier(app: AppRecord, body: Unlink): string | { type: AccountType; identifier: string };
  };
  /**
   * Takes over the identity another user owns, with the nonce the refused link issued; a method
   * with `transfer` links transferably (its link answers `account_transfer_required`). `identity`
   * makes the free checks and names the identity (`TransferTarget`).
   */
  transfer?: {
    body: BoundBody<Transfer & { nonce: string }>;
    identity(app: AppRecord, body: Transfer): TransferTarget;
  };
}

/** A verified identity and the fields the answer carries beside it (OAuth's `oauth_tokens`). */
export interface Verification {
  identity: VerifiedIdentity;
  answer: Record<string, unknown>;
  /**
   * The identity's owner (null: no one), when the verification read it on the way (PostgreSQL code
   * logins: codes/take-code-postgres.ts); a login then does not look them up again.
   */
  owner?: UserRecord | null | undefined;
}

/**
 * What a transfer takes over: an identity the body names, one the nonce's grant names (the body
 * does not say its type), or one proven by spending a proof after the `verifyIp` limit.
 */
export type TransferTarget =
  | VerifiedIdentity
  | { fromGrant: Exclude<TransferIdentity, VerifiedIdentity> }
  | { prove(): Promise<VerifiedIdentity> };

const asVerification = (result: VerifiedIdentity | Verification): Verification =>
  'identity' in result ? result : { identity: result, answer: {} };

/** The routes of a login method: `authenticate` and `link`, and what else it describes. */
export function identityMethodRoutes<
  Proof,
  Authenticate extends Proof & { mode?: LoginMode | undefined },
  Accepted,
  Init,
  Update,
  Unlink,
  Transfer,
>(
  ctx: ServerContext,
  method: IdentityMethod<Proof, Authenticate, Accepted, Init, Update, Unlink, Transfer>,
): Route[] {
  const ip = (c: Context<AppEnv>) => clientIp(c, ctx.settings.trustProxy);
  const limitVerify = (c: Context<AppEnv>) => ctx.rateLimits.consume('verifyIp', ip(c));
  const { init, update, unlink, transfer } = method;
  const routes: Route[] = [];

  if (init)
    routes.push(
      boundRoute(init.body, {
        auth: 'app',
        handler: async (c, body) => {
          await init.send(ctx, c.get('app'), body, ip(c));
          return c.json({ success: true });
        },
      }),
    );

  routes.push(
    boundRoute(method.authenticate, {
      auth: 'app',
      handler: async (c, body) => {
        const app = c.get('app');
        const accepted = method.accept(app, body);
        await limitVerify(c);
        const { identity, answer, owner } = asVerification(await method.verify(ctx, app, accepted));
        const login = await loginWithIdentity(ctx, app, identity, { mode: body.mode, owner });
        return c.json({ ...(await loginResponse(ctx, app, login)), ...answer });
      },
    }),
    boundRoute(method.link, {
      auth: 'user',
      handler: async (c, body) => {
        const app = c.get('app');
        const accepted = method.accept(app, body);
        await limitVerify(c);
        const { identity, answer } = asVerification(await method.verify(ctx, app, accepted));
        const options = transfer ? { transferable: true } : {};
        const user = await linkIdentity(ctx, app, c.get('auth').userId, identity, options);
        return c.json({ ...toWireUser(user), ...answer });
      },
    }),
  );

  if (update)
    routes.push(
      boundRoute(update.body, {
        auth: 'user',
        handler: async (c, body) => {
          const app = c.get('app');
          const { old, next } = update.accept(app, body);
          await limitVerify(c);
          const { identity } = asVerification(await method.verify(ctx, app, next));
          const user = await updateAccount(ctx, app, c.get('auth').userId, identity.type, old, identity);
          return c.json(toWireUser(user));
        },
      }),
    );

  if (unlink)
    routes.push(
      boundRoute(unlink.body, {
        auth: 'user',
        handler: async (c, body) => {
          const named = unlink.identifier(c.get('app'), body);
          const { type, identifier } =
            typeof named === 'string' ? { type: method.type, identifier: named } : named;
          if (!type)
            throw new Error(
              `${unlink.body.contract.path}: the method has no account type; its unlink must name one`,
            );
          const user = await unlinkAccount(ctx, c.get('app'), c.get('auth').userId, type, identifier);
          return c.json(toWireUser(user));
        },
      }),
    );

  if (transfer)
    routes.push(
      boundRoute(transfer.body, {
        auth: 'user',
        handler: async (c, body) => {
          const app = c.get('app');
          const target = transfer.identity(app, body);
          await limitVerify(c);
          const identity =
            'prove' in target ? await target.prove() : 'fromGrant' in target ? target.fromGrant : target;
          const user = await transferAccount(ctx, app, c.get('auth').userId, body.nonce, identity);
          return c.json(toWireUser(user));
        },
      }),
    );

  return routes;
}
