import type { AccountTypeDescriptor } from '../accounts/account-type.ts';
import { isMfaPasskey } from '../accounts/mfa-methods.ts';

/*
 * Passkey accounts: identified by the base64url credential id (passkey-accounts.ts), their
 * verification material in the details, which never goes on the wire.
 */
declare module '../accounts/account-type.ts' {
  interface AccountTypes {
    passkey: 'passkey';
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);

export const passkeyAccount: AccountTypeDescriptor = {
  types: ['passkey'],
  /** What it is and where it was made (WIRE.md §4.2); never its counter. */
  toWire: (account, times) => {
    const d = account.details;
    return {
      type: 'passkey',
      credential_id: account.identifier,
      enrolled_in_mfa: isMfaPasskey(d),
      authenticator_name: text(d.authenticator_name),
      public_key: text(d.public_key),
      created_with_browser: text(d.created_with_browser),
      created_with_os: text(d.created_with_os),
      created_with_device: text(d.created_with_device),
      ...times,
    };
  },
  // WIRE.md §5.2 lists no compact form for passkeys: the identity token leaves them out.
  toCompact: () => null,
};
