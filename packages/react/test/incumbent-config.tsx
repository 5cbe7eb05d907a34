import { createElement } from 'react';
import type { LatchkeyConfig } from '../src/types.ts';

const base = {
  id: 8453,
  name: 'Base',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: {
    default: { name: 'Basescan', url: 'https://basescan.org', apiUrl: 'https://api.basescan.org/api' },
  },
  contracts: { multicall3: { address: '0xca11bde05977b3631167028862be2a173976ca11', blockCreated: 5022 } },
  testnet: false,
} as const;

/**
 * Every option of the incumbent's `PrivyClientConfig` (`@privy-io/react-auth` 3.45.0), set as an app
 * written against it sets them: the object literal must compile as Latchkey's `LatchkeyConfig`, and
 * config/incumbentOptions.ts must say what happens to each of its leaves (incumbentOptions.test.ts).
 */
export const everyIncumbentOption = {
  appearance: {
    theme: '#13152F',
    accentColor: '#6a5acd',
    logo: createElement('img', { src: 'https://acme.example/logo.svg', alt: 'Acme' }),
    emailDomain: 'acme.example',
    landingHeader: 'Sign in to Acme',
    loginMessage: 'Your keys, your coins',
    showWalletLoginFirst: true,
    walletList: ['detected_ethereum_wallets', 'metamask', 'rainbow', 'wallet_connect'],
    walletChainType: 'ethereum-and-solana',
  },
  loginMethods: ['email', 'sms', 'wallet', 'google', 'twitch', 'passkey', 'privy:cm0abcdefghijklmnopqrstuv'],
  loginMethodsAndOrder: {
    primary: ['email', 'google', 'metamask', 'detected_wallets'],
    overflow: ['twitch', 'apple', 'farcaster', 'telegram', 'privy:cm0abcdefghijklmnopqrstuv'],
  },
  intl: {
    defaultCountry: 'FR',
    textLocalization: { 'connectWallet.connectYourWallet': 'Connecter un portefeuille' },
  },
  customAuth: { enabled: true, getCustomAccessToken: async () => undefined, isLoading: false },
  legal: { termsAndConditionsUrl: 'https://acme.example/terms', privacyPolicyUrl: null },
  walletConnectCloudProjectId: 'f5c1b2a3d4e5f6a7b8c9d0e1f2a3b4c5',
  plugins: [{ name: 'data-suffix', suffix: '0x1234abcd' }],
  scriptNonce: 'r4nd0m',
  customOAuthRedirectUrl: 'com.acme.oauth://callback',
  allowOAuthInEmbeddedBrowsers: false,
  supportedChains: [base],
  defaultChain: base,
  captchaEnabled: true,
  externalWallets: {
    coinbaseWallet: { config: { preference: { options: 'smartWalletOnly' } } },
    baseAccount: { config: { appName: 'Acme' } },
    signatureRequestTimeouts: { safe: 600_000 },
    walletConnect: { enabled: false },
    solana: { connectors: { onMount: () => undefined } },
    disableAllExternalWallets: false,
  },
  embeddedWallets: {
    ethereum: { createOnLogin: 'users-without-wallets' },
    solana: { createOnLogin: 'all-users' },
    disableAutomaticMigration: true,
    showWalletUIs: false,
    priceDisplay: { primary: 'native-token', secondary: null },
    extendedCalldataDecoding: true,
  },
  mfa: { noPromptOnMfaRequired: true },
  passkeys: {
    shouldUnlinkOnUnenrollMfa: false,
    shouldUnenrollMfaOnUnlink: false,
    registration: { hints: ['security-key'] },
  },
  fundingMethodConfig: {
    moonpay: {
      useSandbox: true,
      paymentMethod: 'credit_debit_card',
      uiConfig: { accentColor: '#6a5acd', theme: 'dark' },
    },
  },
  solana: {
    rpcs: {
      'solana:mainnet': { rpc: {}, rpcSubscriptions: {}, blockExplorerUrl: 'https://explorer.solana.com' },
    },
  },
  sessions: { cookieWriteBehavior: 'never' },
} satisfies LatchkeyConfig;
