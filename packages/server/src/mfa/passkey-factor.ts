import type { PasskeyAssertion, PasskeyVerifyOptions } from '@latchkey/protocol';
import type { AccountRecord } from '../accounts/account-record.ts';
import { isMfaPasskey, type PasskeyMfaDetails, recordMfaChange } from '../accounts/mfa-methods.ts';
import { loadUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { authenticationOptions, verifyAssertion } from '../passkeys/ceremonies.ts';
import { findPasskey, recordCounter, storedCredential } from '../passkeys/passkey-accounts.ts';
import type { RelyingParty } from '../passkeys/relying-party.ts';
import { assertMethodEnabled, notEnrolled } from './factors.ts';

/**
 * A passkey factor: one of the user's passkeys (a linked account) with `enrolled_in_mfa` in its
 * details. Verifying runs the passkeys feature's WebAuthn assertion ceremony with a challenge of the
 * `mfa` ceremony, bound to the user, and `allow_credentials` naming the user's factor passkeys.
 */
const factorPasskeys = (user: UserRecord): AccountRecord[] =>
  user.accounts.filter((account) => account.type === 'passkey' && isMfaPasskey(account.details));

/** `/mfa/passkeys/init`: assertion options for the user's factor passkeys made for this page's RP ID. */
export async function passkeyMfaOptions(
  ctx: ServerContext,
  app: AppRecord,
  user: UserRecord,
  relyingParty: RelyingParty,
): Promise<PasskeyVerifyOptions> {
  const passkeys = factorPasskeys(user).filter((account) => account.details.rp_id === relyingParty.id);
  if (passkeys.length === 0) throw notEnrolled('passkey');
  const credentials = passkeys.map((account) => ({
    id: account.identifier,
    transports: Array.isArray(account.details.transports) ? (account.details.transports as string[]) : [],
  }));
  return authenticationOptions(ctx, app, relyingParty, { userId: user.id, credentials });
}

/**
 * `/mfa/passkeys/verify`: an assertion by one of the user's factor passkeys over a live `mfa`
 * challenge issued to this user on this page (W3C WebAuthn §7.2, passkeys/ceremonies.ts); the
 * signature counter moves as for a login. Any other passkey is `invalid_credentials`.
 */
export async function verifyPasskeyMfa(
  ctx: ServerContext,
  app: AppRecord,
  user: UserRecord,
  relyingParty: RelyingParty,
  response: PasskeyAssertion,
): Promise<void> {
  if (!factorPasskeys(user).some((account) => account.identifier === response.id))
    throw new ApiError('invalid_credentials', 'This passkey is not an MFA factor of the user.');
  const passkey = await findPasskey(ctx, app, response.id);
  const credential = storedCredential(passkey, response.id, relyingParty, response.response.user_handle);
  const counter = await verifyAssertion(
    ctx,
    app,
    relyingParty,
    { ceremony: 'mfa', userId: user.id },
    response,
    credential,
  );
  await recordCounter(ctx, passkey, counter);
}

/**
 * `/mfa/passkeys/enrollment`: the user's factor passkeys become exactly `credentialIds` (each one a
 * passkey of the user, else `linked_account_not_found`); `removeForLogin` makes them factors only,
 * no longer logins. Refused when that would leave the user no way to log in. One transaction holding
 * the user's row, recording `mfa.enabled` / `mfa.disabled` when passkeys start or stop being a factor.
 */
export async function setPasskeyFactors(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  credentialIds: string[],
  removeForLogin: boolean,
): Promise<void> {
  if (credentialIds.length > 0) assertMethodEnabled(app, 'passkey');
  const listed = new Set(credentialIds);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (ctx.dialect === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
    const user = await loadUser(trx, app.id, userId);
    if (!user) throw new ApiError('missing_or_invalid_token', 'User not found.', { status: 401 });
    const passkeys = user.accounts.filter((account) => account.type === 'passkey');
    for (const id of listed)
      if (!passkeys.some((account) => account.identifier === id))
        throw new ApiError(
          'linked_account_not_found',
          'No passkey with this credential id is linked to the user.',
        );
    const logins = user.accounts.filter(
      (account) =>
        account.type !== 'guest' &&
        !(account.type === 'passkey' && listed.has(account.identifier) && removeForLogin),
    );
    if (removeForLogin && logins.length === 0)
      throw new ApiError(
        'cannot_unlink_sole_account',
        'These passkeys are the only way the user logs in: they cannot be removed from login.',
      );
    const before = passkeys.some((account) => isMfaPasskey(account.details));
    for (const account of passkeys) {
      const details = account.details as Record<string, unknown> & PasskeyMfaDetails;
      const next: Record<string, unknown> & PasskeyMfaDetails = { ...details };
      if (listed.has(account.identifier)) {
        next.enrolled_in_mfa = true;
        next.mfa_enrolled_at = isMfaPasskey(details) ? (details.mfa_enrolled_at ?? now) : now;
        next.login_disabled = removeForLogin;
      } else {
        delete next.mfa_enrolled_at;
        next.enrolled_in_mfa = false;
        next.login_disabled = false;
      }
      if (JSON.stringify(next) !== JSON.stringify(details))
        await trx
          .updateTable('linked_accounts')
          .set({ details: JSON.stringify(next) })
          .where('id', '=', account.id)
          .execute();
    }
    const after = listed.size > 0;
    if (before !== after) await recordMfaChange(trx, app.id, userId, 'passkey', after, now);
  });
}
