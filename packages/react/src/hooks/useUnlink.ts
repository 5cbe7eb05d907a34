import type { OAuthProviderName } from '@latchkey/protocol';
import { useCallback } from 'react';
import type { OAuthProviderID } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { User } from '../userTypes.ts';

// The incumbent's headless unlink hooks. Each core action refreshes the session's user, so every
// hook sees the account gone; the user's only account cannot go (`cannot_unlink_sole_account`).

/**
 * Unlinks an email address from the user.
 *
 * @example
 * const { unlink } = useUnlinkEmail();
 * await unlink({ address: 'work@example.com' });
 */
export function useUnlinkEmail(): { unlink: ({ address }: { address: string }) => Promise<User> } {
  const { client } = useLatchkeyContext();
  return {
    unlink: useCallback(
      ({ address }: { address: string }) => client.email.unlinkEmail({ address }).then(toClientUser),
      [client],
    ),
  };
}

/**
 * Unlinks a phone number from the user.
 *
 * @example
 * const { unlink } = useUnlinkPhone();
 * await unlink({ phoneNumber: user.phone.number });
 */
export function useUnlinkPhone(): { unlink: ({ phoneNumber }: { phoneNumber: string }) => Promise<User> } {
  const { client } = useLatchkeyContext();
  return {
    unlink: useCallback(
      ({ phoneNumber }: { phoneNumber: string }) =>
        client.sms.unlinkPhone({ phoneNumber }).then(toClientUser),
      [client],
    ),
  };
}

export interface UseUnlinkOAuthInterface {
  /** Unlinks the provider's account with this subject (the provider's id of the user). */
  unlink: (opts: { provider: OAuthProviderID; subject: string }) => Promise<User>;
}

/**
 * Unlinks a social account (`'google'`, `'custom:my-provider'`, …) from the user.
 *
 * @example
 * const { unlink } = useUnlinkOAuth();
 * await unlink({ provider: 'google', subject: user.google.subject });
 */
export function useUnlinkOAuth(): UseUnlinkOAuthInterface {
  const { client } = useLatchkeyContext();
  return {
    unlink: useCallback(
      async ({ provider, subject }: { provider: OAuthProviderID; subject: string }) => {
        const oauth = await client.oauth();
        return toClientUser(await oauth.unlink({ provider: provider as OAuthProviderName, subject }));
      },
      [client],
    ),
  };
}

/**
 * Removes one of the user's passkeys by its credential id (an MFA passkey through the wallet frame).
 *
 * @example
 * const { unlink } = useUnlinkPasskey();
 * await unlink({ credentialId: passkey.credentialId });
 */
export function useUnlinkPasskey(): {
  unlink: ({ credentialId }: { credentialId: string }) => Promise<User>;
} {
  const { client } = useLatchkeyContext();
  return {
    unlink: useCallback(
      ({ credentialId }: { credentialId: string }) =>
        client.passkey.unlink({ credentialId }).then(toClientUser),
      [client],
    ),
  };
}

/**
 * Unlinks a wallet by its address: an Ethereum wallet when it starts with `0x`, else a Solana one
 * (through the wallet code the provider already loads lazily, so no chunk of its own).
 *
 * @example
 * const { unlink } = useUnlinkWallet();
 * await unlink({ address: '0x1234…' });
 */
export function useUnlinkWallet(): { unlink: ({ address }: { address: string }) => Promise<User> } {
  const { client } = useLatchkeyContext();
  return {
    unlink: useCallback(
      ({ address }: { address: string }) =>
        client
          .wallets()
          .then((wallets) => wallets.unlink(address, address.startsWith('0x') ? 'ethereum' : 'solana'))
          .then(toClientUser),
      [client],
    ),
  };
}

/**
 * Unlinks the user's Telegram account by its Telegram user id.
 *
 * @example
 * const { unlink } = useUnlinkTelegram();
 * await unlink({ telegramUserId: user.telegram.telegramUserId });
 */
export function useUnlinkTelegram(): {
  unlink: ({ telegramUserId }: { telegramUserId: string }) => Promise<User>;
} {
  const { client } = useLatchkeyContext();
  return {
    unlink: useCallback(
      ({ telegramUserId }: { telegramUserId: string }) =>
        import('@latchkey/core/flows/telegram')
          .then((m) => client.run((ctx) => m.unlinkTelegram(ctx, { telegramUserId })))
          .then(toClientUser),
      [client],
    ),
  };
}
