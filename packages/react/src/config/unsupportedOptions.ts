import type { LatchkeyConfig } from '../types.ts';
import type { UnsupportedOptionPath } from './incumbentOptions.ts';

// The incumbent's options Latchkey does not support, each told once per page with what to do instead.
// Loaded with `import()` by the provider when the page is idle and only if it was given a config (never
// at first load: the bundle budget; a list of the option names to check first would be on it).

const ignored = 'Latchkey ignores it';
const notYet = `Latchkey does not have this yet; ${ignored}.`;
const walletConnect = `Latchkey connects the wallets it finds in the browser and has no WalletConnect yet; ${ignored}.`;
const passkeyMfa = `Latchkey keeps a passkey's login and its MFA enrolment apart (unlink with useUnlinkPasskey, unenrol with useMfaEnrollment); ${ignored}.`;

/** What each unsupported option gets in the console (after `Latchkey: config.{path} `). */
export const unsupportedMessages: Record<UnsupportedOptionPath, string> = {
  'appearance.emailDomain': `is not shown: the code screen names no sending domain; ${ignored}.`,
  'appearance.walletList': `is not supported: the wallet screen lists the wallets it finds in the browser, in their order; ${ignored}.`,
  'loginMethods:twitch': `lists 'twitch': Latchkey has no Twitch login yet, so the landing screen leaves it out.`,
  'loginMethods:privy': `lists a cross-app login (privy:{appId}): Latchkey has no cross-app login yet, so the landing screen leaves it out.`,
  'intl.textLocalization': `is not supported: the modal's text is English. ${notYet}`,
  walletConnectCloudProjectId: `is not needed: ${walletConnect}`,
  plugins: `is not supported: Latchkey has no plugins yet; ${ignored}.`,
  scriptNonce: `is not needed: Latchkey loads no third-party script; ${ignored}.`,
  customOAuthRedirectUrl: `is not supported: social login comes back to the page it started on (oauthMode: 'popup' keeps the page open). ${notYet}`,
  allowOAuthInEmbeddedBrowsers: `is not supported: social login runs wherever the page runs and the provider allows it; ${ignored}.`,
  captchaEnabled: `is set on the server: turn captcha on for the app with \`npx latchkey apps update <appId> --set captcha_enabled=true\` (or in the dashboard); ${ignored} here.`,
  'externalWallets.coinbaseWallet': `is not supported: Coinbase Wallet connects as a browser wallet, with its defaults; ${ignored}.`,
  'externalWallets.baseAccount': `is not supported: Latchkey has no Base Account connector yet; ${ignored}.`,
  'externalWallets.signatureRequestTimeouts': `is not supported: a wallet's request waits for the wallet's answer; ${ignored}.`,
  'externalWallets.walletConnect': `is not needed: ${walletConnect}`,
  'externalWallets.solana': `is not needed: Solana wallets are found in the browser (Wallet Standard) without connectors; ${ignored}.`,
  'externalWallets.disableAllExternalWallets': `is not supported: leave 'wallet' out of loginMethods to offer no wallet login; ${ignored}.`,
  'embeddedWallets.disableAutomaticMigration': `is not needed: Latchkey's embedded wallets need no migration; ${ignored}.`,
  'embeddedWallets.priceDisplay': `is not supported: the transaction screen shows the native token's amount. ${notYet}`,
  'embeddedWallets.extendedCalldataDecoding': `is not supported: the transaction screen decodes ERC-20 transfer and approve only. ${notYet}`,
  'passkeys.shouldUnlinkOnUnenrollMfa': `is not supported: ${passkeyMfa}`,
  'passkeys.shouldUnenrollMfaOnUnlink': `is not supported: ${passkeyMfa}`,
  'passkeys.registration': `is not supported: the passkey prompt uses the browser's defaults; ${ignored}.`,
  'fundingMethodConfig.moonpay': `is not supported: set MoonPay's options per call with useFundWallet's moonpayConfigOverride, and a sandbox with config.funding.hosts (docs/funding.md); ${ignored}.`,
  'solana.rpcs': `is not supported: Latchkey sends Solana transactions through JSON-RPC URLs; set config.solanaClusters, e.g. [{ name: 'mainnet-beta', rpcUrl: 'https://api.mainnet-beta.solana.com' }]; ${ignored}.`,
  'sessions.cookieWriteBehavior': `is not supported: sessions are kept as the app's server config says (cookies with a custom_api_url); ${ignored}.`,
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
