import { isOAuthProvider, type LoginMethod, type OAuthProvider } from '@latchkey/protocol';
import type { ReactNode } from 'react';
import { Glyph, Mark } from './Icon.tsx';
import { ProviderMark } from './providers.tsx';

/** The login methods' icons: line glyphs for the generic ones, marks for the brands. */

/** Email: an envelope. */
export const MailIcon = () => (
  <Glyph>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3.5 7 8.5 6 8.5-6" />
  </Glyph>
);

/** SMS or WhatsApp code: a phone. */
export const PhoneIcon = () => (
  <Glyph>
    <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
    <path d="M11 18h2" />
  </Glyph>
);

/** Passkey: a key. */
export const PasskeyIcon = () => (
  <Glyph d="M10.5 13.5a4.5 4.5 0 1 1-6.4 6.4 4.5 4.5 0 0 1 6.4-6.4zm0 0L20 4m-3 3 3 3m-6 0 2 2" />
);

/** An external wallet. */
export const WalletIcon = () => (
  <Glyph>
    <path d="M19 7V5.5A1.5 1.5 0 0 0 17.5 4h-12A2.5 2.5 0 0 0 3 6.5v11A2.5 2.5 0 0 0 5.5 20h13a1.5 1.5 0 0 0 1.5-1.5V15" />
    <path d="M3 6.5A2.5 2.5 0 0 0 5.5 9h13A1.5 1.5 0 0 1 20 10.5V11m-3 0h4v4h-4a2 2 0 0 1 0-4z" />
  </Glyph>
);

/** Guest: a person. */
export const GuestIcon = () => <Glyph d="M16 8a4 4 0 1 1-8 0 4 4 0 0 1 8 0zM4 21a8 8 0 0 1 16 0" />;

/** An app's own OpenID provider that has no icon of its own: a globe. */
export const CustomProviderIcon = () => (
  <Glyph>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3a14 14 0 0 1 0 18 14 14 0 0 1 0-18" />
  </Glyph>
);

/*
 * Farcaster's and Telegram's marks are their owners'; they are shown only to name the login
 * method, as the owners' brand guidelines allow.
 */
const FarcasterMark = () => (
  <Mark>
    <rect width="24" height="24" rx="6" fill="#855DCD" />
    <path fill="#fff" d="M7 5.5h10v13h-2.3v-5.3a2.7 2.7 0 0 0-5.4 0v5.3H7z" />
  </Mark>
);

const TelegramMark = () => (
  <Mark>
    <circle cx="12" cy="12" r="12" fill="#2AABEE" />
    <path
      fill="#fff"
      d="M5.4 11.8l10.9-4.2c.5-.2 1 .1.8.9l-1.9 8.8c-.1.6-.5.8-1 .5l-2.9-2.1-1.4 1.3c-.2.2-.3.3-.6.3l.2-2.9 5.4-4.9c.2-.2 0-.3-.3-.1l-6.6 4.2-2.9-.9c-.6-.2-.6-.6.2-.9z"
    />
  </Mark>
);

/** The icons of the methods that are not social providers (those have their marks, providers.tsx). */
const methodIcons: Record<Exclude<LoginMethod, OAuthProvider>, () => ReactNode> = {
  email: MailIcon,
  sms: PhoneIcon,
  wallet: WalletIcon,
  farcaster: FarcasterMark,
  telegram: TelegramMark,
  passkey: PasskeyIcon,
  guest: GuestIcon,
};

/** The icon of a login method: a social provider's mark, or the method's own icon. */
export function MethodIcon({ method }: { method: LoginMethod }) {
  if (isOAuthProvider(method)) return <ProviderMark provider={method} />;
  const Icon = methodIcons[method];
  return <Icon />;
}
