/**
 * Wire values shown to a person in Latchkey's words. The wire keeps the incumbent's values for
 * compatibility (`wallet_client_type: 'privy'` is an embedded wallet, WIRE.md §4.2); what the
 * dashboard prints says what they mean. An unknown value is shown as it is.
 */
const walletClients: Record<string, string> = {
  privy: 'Latchkey (embedded)',
  'privy-v2': 'Latchkey (embedded)',
};

const recoveryMethods: Record<string, string> = {
  privy: 'automatic (Latchkey)',
  'privy-v2': 'automatic (Latchkey)',
  'user-passcode': 'passcode',
  'google-drive': 'Google Drive',
  icloud: 'iCloud',
  'icloud-native': 'iCloud',
  'recovery-encryption-key': "the app's recovery key",
};

const accountTypes: Record<string, string> = {
  wallet: 'Wallet',
  smart_wallet: 'Smart wallet',
  email: 'Email',
  phone: 'Phone',
  passkey: 'Passkey',
  farcaster: 'Farcaster',
  telegram: 'Telegram',
  custom_auth: 'Custom token',
  cross_app: 'Cross-app',
};

export const walletClientLabel = (value: string) => walletClients[value] ?? value;
export const recoveryMethodLabel = (value: string) => recoveryMethods[value] ?? value;

/** `google_oauth` → `Google`, `wallet` → `Wallet`. */
export function accountTypeLabel(type: string): string {
  if (accountTypes[type]) return accountTypes[type];
  const name = type.replace(/_oauth$/, '');
  return name.charAt(0).toUpperCase() + name.slice(1).replace(/_/g, ' ');
}

/** OAuth providers by their own spelling (`github` → `GitHub`). */
const providers: Record<string, string> = {
  github: 'GitHub',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  line: 'LINE',
};

export const providerLabel = (provider: string) =>
  providers[provider] ?? provider.charAt(0).toUpperCase() + provider.slice(1);
