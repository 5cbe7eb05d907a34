import type { LatchkeyConfig } from '../types.ts';
import type { UnsupportedOptionPath } from './incumbentOptions.ts';

// The incumbent's options Latchkey does not support, each told once per page with what to do instead.
// Loaded with `import()` by the provider after its first render, only if it was given a config (never at
// first load: the bundle budget; a list of the option names to check first would be on it).

const ignored = 'Latchkey ignores it';
const notYet = `Latchkey does not have this yet; ${ignored}.`;
const noWalletConnect = `is not needed: Latchkey connects the wallets it finds in the browser (no WalletConnect yet); ${ignored}.`;
const passkeyMfa = `is not supported: unlink a passkey with useUnlinkPasskey and unenrol it with useMfaEnrollment; ${ignored}.`;
const left = 'Latchkey has no such login yet: the landing screen leaves it out.';

/** What each unsupported option gets in the console (after `Latchkey: config.{option} `). */
export const unsupportedMessages: Record<UnsupportedOptionPath, string> = {
  'appearance.emailDomain': `is not shown: the code screen names no sender; ${ignored}.`,
  'appearance.walletList': `is not supported: the wallet button lists the wallets the browser has; ${ignored}.`,
  'loginMethods:twitch': `lists 'twitch': ${left}`,
  'loginMethods:privy': `lists a cross-app login (privy:{appId}): ${left}`,
  'intl.textLocalization': `is not supported: the modal is in English. ${notYet}`,
  walletConnectCloudProjectId: noWalletConnect,
  plugins: `is not supported. ${notYet}`,
  scriptNonce: `is not needed: Latchkey loads no third-party script; ${ignored}.`,
  customOAuthRedirectUrl: `is not supported: social login returns to the page it left (oauthMode: 'popup' keeps it open). ${notYet}`,
  allowOAuthInEmbeddedBrowsers: `is not needed: social login runs wherever the provider allows it; ${ignored}.`,
  captchaEnabled: `is a server setting: npx latchkey apps update <appId> --set captcha_enabled=true (or the dashboard); ${ignored} here.`,
  'externalWallets.coinbaseWallet': `is not supported: Coinbase Wallet connects as a browser wallet; ${ignored}.`,
  'externalWallets.baseAccount': `is not supported. ${notYet}`,
  'externalWallets.signatureRequestTimeouts': `is not supported: a wallet request waits for the wallet; ${ignored}.`,
  'externalWallets.walletConnect': noWalletConnect,
  'externalWallets.solana': `is not needed: Solana wallets are found in the browser (Wallet Standard); ${ignored}.`,
  'externalWallets.disableAllExternalWallets': `is not supported: leave 'wallet' out of loginMethods for no wallet login; ${ignored}.`,
  'embeddedWallets.disableAutomaticMigration': `is not needed: Latchkey's wallets need no migration; ${ignored}.`,
  'embeddedWallets.priceDisplay': `is not supported: prices are in the native token. ${notYet}`,
  'embeddedWallets.extendedCalldataDecoding': `is not supported: ERC-20 transfer and approve only. ${notYet}`,
  'passkeys.shouldUnlinkOnUnenrollMfa': passkeyMfa,
  'passkeys.shouldUnenrollMfaOnUnlink': passkeyMfa,
  'passkeys.registration': `is not supported: the browser's passkey defaults apply; ${ignored}.`,
  'fundingMethodConfig.moonpay': `is not supported: pass useFundWallet's moonpayConfigOverride, and a sandbox in config.funding.hosts; ${ignored}.`,
  'solana.rpcs': `is not supported: set config.solanaClusters, e.g. [{ name: 'mainnet-beta', rpcUrl: 'https://api.mainnet-beta.solana.com' }]; ${ignored}.`,
  'sessions.cookieWriteBehavior': `is not supported: sessions follow the app's server config; ${ignored}.`,
};

const told = new Set<string>();

/** Tests: lets each option be told again. */
export function forgetUnsupported(): void {
  told.clear();
}

const valueAt = (config: LatchkeyConfig, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], config);

/** The unsupported options `config` sets, in the table's order (entries of `loginMethods` included). */
export function unsupportedOptions(config: LatchkeyConfig): UnsupportedOptionPath[] {
  const order = config.loginMethodsAndOrder;
  const listed: string[] = [
    ...(config.loginMethods ?? []),
    ...(order ? [...order.primary, ...(order.overflow ?? [])] : []),
  ];
  return (Object.keys(unsupportedMessages) as UnsupportedOptionPath[]).filter((path) =>
    path === 'loginMethods:twitch'
      ? listed.includes('twitch')
      : path === 'loginMethods:privy'
        ? listed.some((option) => option.startsWith('privy:'))
        : valueAt(config, path) !== undefined,
  );
}

/**
 * Tells the console, once per page and option however many providers or renders, each option of
 * `config` Latchkey does not support and what to do instead. Never throws.
 */
export function reportUnsupported(config: LatchkeyConfig): void {
  for (const path of unsupportedOptions(config)) {
    if (told.has(path)) continue;
    told.add(path);
    console.warn(`Latchkey: config.${path.split(':')[0]} ${unsupportedMessages[path]}`);
  }
}
