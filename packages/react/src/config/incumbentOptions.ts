/**
 * Every option of the incumbent's `PrivyClientConfig` (`@privy-io/react-auth` 3.45.0,
 * dist/dts/types-*.d.ts), by path, and what `<LatchkeyProvider config>` does with it:
 *
 * - `'same'`: Latchkey's option of the same name and meaning;
 * - a path of ours: mapped to it by `fromIncumbentConfig` (config/fromIncumbentConfig.ts);
 * - `'unsupported'`: reported once per page in the console, with what to do instead
 *   (config/unsupportedOptions.ts has the messages).
 *
 * `loginMethods:twitch` and `loginMethods:privy` are entries of `loginMethods` and
 * `loginMethodsAndOrder` rather than options. docs/react.md's "The incumbent's `config`" lists the
 * same. Tests and docs only: nothing at run time imports this table.
 */
export const incumbentOptions = {
  'appearance.theme': 'same',
  'appearance.accentColor': 'same',
  'appearance.logo': 'same',
  'appearance.emailDomain': 'unsupported',
  'appearance.landingHeader': 'same',
  'appearance.loginMessage': 'same',
  'appearance.showWalletLoginFirst': 'appearance.loginGroupPriority',
  'appearance.walletList': 'unsupported',
  'appearance.walletChainType': 'same',
  loginMethods: 'same',
  'loginMethods:twitch': 'unsupported',
  'loginMethods:privy': 'unsupported',
  loginMethodsAndOrder: 'loginMethods',
  'intl.defaultCountry': 'same',
  'intl.textLocalization': 'unsupported',
  'customAuth.enabled': 'same',
  'customAuth.getCustomAccessToken': 'same',
  'customAuth.isLoading': 'same',
  'legal.termsAndConditionsUrl': 'same',
  'legal.privacyPolicyUrl': 'same',
  walletConnectCloudProjectId: 'unsupported',
  plugins: 'unsupported',
  scriptNonce: 'unsupported',
  customOAuthRedirectUrl: 'unsupported',
  allowOAuthInEmbeddedBrowsers: 'unsupported',
  supportedChains: 'same',
  defaultChain: 'same',
  captchaEnabled: 'unsupported',
  'externalWallets.coinbaseWallet': 'unsupported',
  'externalWallets.baseAccount': 'unsupported',
  'externalWallets.signatureRequestTimeouts': 'unsupported',
  'externalWallets.walletConnect': 'unsupported',
  'externalWallets.solana': 'unsupported',
  'externalWallets.disableAllExternalWallets': 'unsupported',
  'embeddedWallets.ethereum.createOnLogin': 'same',
  'embeddedWallets.solana.createOnLogin': 'same',
  'embeddedWallets.disableAutomaticMigration': 'unsupported',
  'embeddedWallets.showWalletUIs': 'same',
  'embeddedWallets.priceDisplay': 'unsupported',
  'embeddedWallets.extendedCalldataDecoding': 'unsupported',
  // In effect: no MFA modal while the app has a useRegisterMfaListener listener (such apps have one).
  'mfa.noPromptOnMfaRequired': 'same',
  'passkeys.shouldUnlinkOnUnenrollMfa': 'unsupported',
  'passkeys.shouldUnenrollMfaOnUnlink': 'unsupported',
  'passkeys.registration': 'unsupported',
  'fundingMethodConfig.moonpay': 'unsupported',
  'solana.rpcs': 'unsupported',
  'sessions.cookieWriteBehavior': 'unsupported',
} as const;

export type IncumbentOptionPath = keyof typeof incumbentOptions;

/** The options Latchkey does not support. */
export type UnsupportedOptionPath = {
  [P in IncumbentOptionPath]: (typeof incumbentOptions)[P] extends 'unsupported' ? P : never;
}[IncumbentOptionPath];
