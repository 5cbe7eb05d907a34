/**
 * The screen gallery's entries: every modal screen (`ScreenName`) and the variants worth a look of
 * their own, with fixed fixture data (the same emails, addresses and numbers on every run). The
 * visual regression and accessibility tests (e2e/visual.test.ts) show each one in the real modal
 * chrome; nothing here is published (the package ships `dist` and `src` only).
 */
import {
  LatchkeyApiError,
  type LatchkeyClient,
  LatchkeyClientError,
  type ModalIntent,
  type ModalOptions,
} from '@latchkey/core';
import { fundingMessages } from '@latchkey/core/funding';
import { mfaBroker } from '@latchkey/core/mfa';
import {
  recentLoginMethodKey,
  type Screen,
  type ScreenName,
  saveRecentLoginMethod,
} from '@latchkey/core/modal';
import { type SigningContent, signingStore } from '@latchkey/core/signing';
import type { TooManyRequestsData } from '@latchkey/protocol';
import type { LatchkeyConfig } from '../src/types.ts';

export interface GalleryEntry {
  /** Names the baseline PNGs: `<id>-<width>-<theme>.png`. */
  id: string;
  screen: Screen;
  /** The request the flow is opened with (default: a login). */
  request?: ModalOptions & { intent?: ModalIntent };
  /** The host's config for this entry (the theme variant's appearance is added to it). */
  config?: LatchkeyConfig;
  /**
   * Live state the screen reads, put in place through the client's own APIs before it shows;
   * returns what undoes it when the gallery moves on.
   */
  prepare?(client: LatchkeyClient): () => void;
  /** What the test waits for before it looks (default: the screen's title). */
  ready?: string;
  /** The screen exists on phones only (a mobile user agent). */
  phone?: boolean;
  /** Digits the test types into the screen's code boxes before it looks. */
  typeCode?: string;
  /**
   * Shown with the gallery's signed-in user (main.tsx: a client of its own, for an app with MFA),
   * whom the test logs in with the app's test credentials and gives an authenticator factor first.
   */
  signedIn?: boolean;
}

export const galleryEmail = 'ada@example.com';
export const galleryAddress = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';
const otherWallet = '0xAb8483F64d9C6d1EcF9b849Ae677dD3315835cb2';
const emailTarget = { kind: 'email', address: galleryEmail } as const;
const fewMethods: LatchkeyConfig = { loginMethods: ['email', 'google', 'wallet'] };
const manyMethods: LatchkeyConfig = {
  loginMethods: ['email', 'sms', 'google', 'apple', 'discord', 'github', 'twitter', 'wallet', 'passkey'],
};

/** The error screens, one per kind and per text the mapping gives (react's screens/errorScreens.ts). */
const errors: [string, unknown][] = [
  ['allowlist', new LatchkeyApiError(403, 'allowlist_rejected', 'Not on the allowlist')],
  ['user-limit', new LatchkeyApiError(403, 'max_accounts_reached', 'Too many users')],
  ['account-not-found', new LatchkeyApiError(404, 'user_does_not_exist', 'No such user')],
  ['not-allowed', new LatchkeyApiError(403, 'disallowed_login_method', 'Not allowed')],
  ['linked', new LatchkeyApiError(400, 'linked_to_another_user', 'Linked')],
  ['region', new LatchkeyApiError(400, 'not_supported', 'Not supported')],
  // The wait the server sends with every 429 (its Retry-After): the screen counts it down.
  [
    'rate-limited',
    new LatchkeyApiError(429, 'too_many_requests', 'Too many requests', {
      data: { retry_after_seconds: 45 } satisfies TooManyRequestsData,
    }),
  ],
  ['timeout', new LatchkeyClientError('client_request_timeout')],
  ['unknown', new Error('Network down')],
];

/** A request in the client's signing queue, waiting on its confirm screen (as a wallet call leaves it). */
function signingRequest(content: SigningContent) {
  return (client: LatchkeyClient) => {
    const { session } = signingStore(client).open({ ui: {}, signOnly: false });
    session.confirm(content).catch(() => undefined);
    return () => session.finish();
  };
}

/**
 * A wallet operation the server gated behind MFA, as the wallet frame's MFA loop leaves it: waiting
 * on the client's broker for the user's code (it never gets one here, and gives up when the gallery
 * moves on). The modal's verification flow follows the broker and starts the user's factor.
 */
function operationAwaitingCode(client: LatchkeyClient): () => void {
  const broker = mfaBroker(client);
  broker.awaitCode({ retry: false, waitMs: 10 * 60_000 }).catch(() => undefined);
  return () => broker.cancel();
}

const mfaMethods = ['sms', 'totp', 'passkey'] as const;

export const galleryEntries: GalleryEntry[] = [
  { id: 'landing-few', screen: { name: 'landing' }, config: fewMethods },
  { id: 'landing-many', screen: { name: 'landing' }, config: manyMethods },
  // The 'Recent' chip on the email field, which must leave its placeholder whole.
  {
    id: 'landing-recent',
    screen: { name: 'landing' },
    config: fewMethods,
    prepare(client) {
      saveRecentLoginMethod(client.appId, 'email');
      return () => localStorage.removeItem(recentLoginMethodKey(client.appId));
    },
  },
  { id: 'overflow', screen: { name: 'overflow' }, config: manyMethods },
  { id: 'email', screen: { name: 'email' } },
  { id: 'link-email', screen: { name: 'link-email' }, request: { intent: 'link-email' } },
  { id: 'update-email', screen: { name: 'update-email' }, request: { intent: 'update-email' } },
  { id: 'phone', screen: { name: 'phone' } },
  { id: 'link-phone', screen: { name: 'link-phone' }, request: { intent: 'link-phone' } },
  { id: 'update-phone', screen: { name: 'update-phone' }, request: { intent: 'update-phone' } },
  // The test's app has Turnstile on, whose stand-in challenge never answers: the screen keeps checking.
  { id: 'captcha', screen: { name: 'captcha', target: emailTarget } },
  { id: 'code-sent', screen: { name: 'code', target: emailTarget } },
  // The test types a wrong code: the real server refuses it and the boxes show the error.
  {
    id: 'code-error',
    screen: { name: 'code', target: emailTarget },
    typeCode: '000000',
    ready: '.lk-code[data-status=error] ~ .lk-field-error',
  },
  { id: 'code-sms', screen: { name: 'code', target: { kind: 'sms', phoneNumber: '+12015550123' } } },
  { id: 'wallets', screen: { name: 'wallets' }, ready: '[data-testid=lk-wallet-list] button' },
  { id: 'wallet-network', screen: { name: 'wallet-network', walletId: 'app.phantom' } },
  { id: 'wallet-ledger', screen: { name: 'wallet-ledger', walletId: 'app.phantom' } },
  { id: 'wallet-install', screen: { name: 'wallet-install', walletId: 'io.metamask' } },
  { id: 'wallet-redirect', screen: { name: 'wallet-redirect', walletId: 'io.metamask' }, phone: true },
  // The gallery's own wallet (main.tsx), which waits for its user as an extension's popup does.
  {
    id: 'wallet-connecting',
    screen: { name: 'wallet-connecting', walletId: 'dev.latchkey.gallery', chainType: 'ethereum' },
  },
  {
    id: 'transfer',
    screen: {
      name: 'transfer',
      account: { type: 'email', address: galleryEmail },
      transfer: {
        nonce: 'n-1',
        displayName: galleryEmail,
        subject: galleryEmail,
        embeddedWalletAddress: otherWallet,
      },
      method: 'email',
    },
    request: { intent: 'link-email' },
  },
  { id: 'oauth-verifying', screen: { name: 'oauth-status', provider: 'google', status: 'verifying' } },
  { id: 'oauth-success', screen: { name: 'oauth-status', provider: 'google', status: 'success' } },
  {
    id: 'oauth-failure',
    screen: {
      name: 'oauth-status',
      provider: 'google',
      status: 'failure',
      error: new LatchkeyClientError('oauth_user_denied'),
    },
  },
  { id: 'oauth-in-app-browser', screen: { name: 'oauth-in-app-browser', provider: 'google' } },
  { id: 'telegram-verifying', screen: { name: 'telegram-status', status: 'verifying' } },
  { id: 'telegram-success', screen: { name: 'telegram-status', status: 'success' } },
  {
    id: 'telegram-failure',
    screen: {
      name: 'telegram-status',
      status: 'failure',
      error: new LatchkeyClientError('unknown_auth_error', 'Telegram did not answer. Please try again.'),
    },
  },
  ...([false, true] as const).map(
    (mobile): GalleryEntry => ({
      id: mobile ? 'farcaster-waiting-phone' : 'farcaster-waiting',
      screen: {
        name: 'farcaster-connect',
        status: 'waiting',
        connectUri: 'https://farcaster.xyz/~/siwf?channelToken=K7QH2M9P',
        mobile,
      },
    }),
  ),
  {
    id: 'farcaster-verifying',
    screen: { name: 'farcaster-connect', status: 'verifying', connectUri: null, mobile: false },
  },
  {
    id: 'farcaster-timeout',
    screen: {
      name: 'farcaster-connect',
      status: 'failure',
      connectUri: null,
      mobile: false,
      error: new LatchkeyClientError('farcaster_polling_timeout', 'Farcaster login timed out'),
    },
  },
  ...([null, 'ios', 'android'] as const).map(
    (mobile): GalleryEntry => ({
      id: mobile ? `farcaster-signer-${mobile}` : 'farcaster-signer',
      screen: {
        name: 'farcaster-signer',
        status: 'waiting',
        approvalUrl: 'farcaster://signed-key-request?token=0x5f1c9e2d7a4b8c3e6f0a1d2b',
        mobile,
      },
    }),
  ),
  {
    id: 'farcaster-signer-rejected',
    screen: {
      name: 'farcaster-signer',
      status: 'failure',
      approvalUrl: null,
      mobile: null,
      failure: 'rejected',
    },
  },
  {
    id: 'terms',
    screen: { name: 'terms' },
    config: {
      legal: {
        termsAndConditionsUrl: 'https://example.com/terms',
        privacyPolicyUrl: 'https://example.com/privacy',
      },
    },
  },
  { id: 'success', screen: { name: 'success' } },
  ...errors.map(([id, error]): GalleryEntry => ({ id: `error-${id}`, screen: { name: 'error', error } })),
  { id: 'embedded-creating', screen: { name: 'embedded-creating' } },
  { id: 'embedded-created-new', screen: { name: 'embedded-created', isNewUser: true } },
  { id: 'embedded-created-returning', screen: { name: 'embedded-created', isNewUser: false } },
  { id: 'recover-password', screen: { name: 'recover-password' }, request: { intent: 'recover-wallet' } },
  {
    id: 'current-password',
    screen: { name: 'current-password' },
    request: { intent: 'set-wallet-password' },
  },
  { id: 'set-password', screen: { name: 'set-password' }, request: { intent: 'set-wallet-password' } },
  {
    id: 'set-password-save',
    screen: { name: 'set-password-save', password: 'correct-horse-battery-staple' },
    request: { intent: 'set-wallet-password' },
  },
  {
    id: 'set-password-confirm',
    screen: { name: 'set-password-confirm', password: 'correct-horse-battery-staple' },
    request: { intent: 'set-wallet-password' },
  },
  {
    id: 'set-password-acknowledge',
    screen: { name: 'set-password-acknowledge', password: 'correct-horse-battery-staple' },
    request: { intent: 'set-wallet-password' },
  },
  { id: 'set-password-ok', screen: { name: 'set-password-result', ok: true } },
  { id: 'set-password-failed', screen: { name: 'set-password-result', ok: false } },
  {
    id: 'delegation-consent',
    screen: { name: 'delegation-consent', busy: false },
    request: { intent: 'delegated-actions' },
  },
  {
    id: 'delegation-revoke',
    screen: { name: 'delegation-revoke', busy: false },
    request: { intent: 'delegated-actions' },
  },
  { id: 'delegation-delegated', screen: { name: 'delegation-result', action: 'delegate', ok: true } },
  { id: 'delegation-revoked', screen: { name: 'delegation-result', action: 'revoke', ok: true } },
  { id: 'delegation-failed', screen: { name: 'delegation-result', action: 'revoke', ok: false } },
  {
    id: 'signing-message',
    screen: { name: 'signing' },
    request: { intent: 'signing' },
    prepare: signingRequest({ kind: 'message', text: 'Sign in to the gallery\nNonce: 42', typedData: null }),
  },
  {
    id: 'signing-transaction',
    screen: { name: 'signing' },
    request: { intent: 'signing' },
    prepare: signingRequest({
      kind: 'transaction',
      action: 'transfer',
      send: '0.05 ETH',
      spender: null,
      to: otherWallet,
      tokenAddress: null,
      network: 'Ethereum',
      fee: '0.00042 ETH',
      from: galleryAddress,
      total: '0.05042 ETH',
      balance: '1.2 ETH',
      insufficient: false,
      confirm: 'address',
      explorerUrl: null,
      funding: null,
    }),
  },
  // The gallery's client has no session: the screen shows that the wallet cannot be exported here.
  {
    id: 'export-wallet',
    screen: { name: 'export-wallet' },
    request: { intent: 'export-wallet', exportWallet: { address: galleryAddress, chainType: 'ethereum' } },
    ready: '[data-testid=lk-export-failed]',
  },
  { id: 'passkey-choice', screen: { name: 'passkey-choice' } },
  // Headless Chromium has no authenticator to ask: each ceremony waits for the user's passkey.
  ...(['login', 'signup', 'link'] as const).map(
    (action): GalleryEntry => ({
      id: `passkey-${action}`,
      screen: { name: 'passkey-status', action },
      ready: '[data-testid=lk-screen-passkey-status] h2',
    }),
  ),
  { id: 'mfa-enroll-intro', screen: { name: 'mfa-enroll-intro' }, request: { intent: 'mfa-enrollment' } },
  { id: 'mfa-enroll-methods', screen: { name: 'mfa-enroll-methods' }, request: { intent: 'mfa-enrollment' } },
  { id: 'mfa-enroll-sms', screen: { name: 'mfa-enroll-sms' }, request: { intent: 'mfa-enrollment' } },
  {
    id: 'mfa-enroll-sms-code',
    screen: { name: 'mfa-enroll-sms-code', phoneNumber: '+12015550123' },
    request: { intent: 'mfa-enrollment' },
  },
  {
    id: 'mfa-enroll-totp',
    screen: {
      name: 'mfa-enroll-totp',
      secret: 'JBSWY3DPEHPK3PXP',
      authUrl: `otpauth://totp/Latchkey:${galleryEmail}?secret=JBSWY3DPEHPK3PXP&issuer=Latchkey`,
    },
    request: { intent: 'mfa-enrollment' },
  },
  {
    id: 'mfa-enroll-totp-code',
    screen: { name: 'mfa-enroll-totp-code' },
    request: { intent: 'mfa-enrollment' },
  },
  { id: 'mfa-enroll-passkey', screen: { name: 'mfa-enroll-passkey' }, request: { intent: 'mfa-enrollment' } },
  { id: 'mfa-remove', screen: { name: 'mfa-remove', method: 'totp' }, request: { intent: 'mfa-enrollment' } },
  ...mfaMethods.map(
    (method): GalleryEntry => ({
      id: `mfa-enrolled-${method}`,
      screen: { name: 'mfa-enrolled', method },
      request: { intent: 'mfa-enrollment' },
    }),
  ),
  // 'Verify your identity' as a gated operation opens it: the user's one factor (an authenticator
  // app) preselected, its code boxes awaiting the code.
  {
    id: 'mfa-verify',
    screen: { name: 'mfa-verify' },
    request: { intent: 'mfa-verify' },
    signedIn: true,
    prepare: operationAwaitingCode,
    ready: '[data-testid=lk-screen-mfa-verify][data-step=code] [data-testid=lk-code-digit-0]',
  },
  ...fundingEntries(),
];

/**
 * The funding screens: the chooser (both card providers, the exchange, the failure banner), each
 * card provider's status, Transfer from wallet (the list, the amount, the wallet's confirmation)
 * and Receive funds before and after the balance grew.
 */
function fundingEntries(): GalleryEntry[] {
  const card = (provider: 'coinbase' | 'moonpay') => ({
    method: 'card' as const,
    provider,
    disabledReason: null,
  });
  const chooser = (errorMessage: string | null): Screen => ({
    name: 'fund-chooser',
    chooser: {
      card: card('coinbase'),
      alternateCard: card('moonpay'),
      exchange: { method: 'exchange', provider: 'coinbase', disabledReason: null },
      wallets: { method: 'wallets', provider: null, disabledReason: null },
      receive: true,
      errorMessage,
    },
    title: null,
  });
  const receive = (funded: boolean): Screen => ({
    name: 'fund-receive',
    address: galleryAddress,
    qrValue: galleryAddress,
    title: 'Receive 0.1 ETH',
    subtitle: 'Scan this code or copy your wallet address to receive funds on Base.',
    notice: 'Make sure to send funds on Base.',
    balance: funded ? '0.1 ETH' : '0 ETH',
    funded,
  });
  const qrReady = '[data-testid=lk-receive-qr] path';
  const source = (n: number, chainType: 'ethereum' | 'solana' = 'ethereum') => ({
    wallet: {
      address: n === 0 ? otherWallet : galleryAddress,
      chainType,
      name: ['MetaMask', 'Rabby', 'Coinbase Wallet', 'Rainbow', 'Phantom'][n] ?? 'Wallet',
    },
    tags: chainType === 'solana' ? ['Connected', 'Solana'] : ['Connected'],
  });
  const metamask = source(0).wallet;
  return [
    { id: 'fund-chooser', screen: chooser(null) },
    {
      id: 'fund-chooser-failed',
      screen: chooser('Something went wrong adding funds. Please try again or use another method.'),
    },
    ...(['pending-in-flow', 'pending-after-flow', 'success'] as const).map(
      (status): GalleryEntry => ({
        id: `fund-coinbase-${status}`,
        screen: { name: 'fund-coinbase-status', experience: 'buy', status },
      }),
    ),
    {
      id: 'fund-coinbase-exchange',
      screen: { name: 'fund-coinbase-status', experience: 'send', status: 'pending-in-flow' },
    },
    ...(['in-progress', 'processing-payment', 'completed'] as const).map(
      (status): GalleryEntry => ({
        id: `fund-moonpay-${status}`,
        screen: { name: 'fund-moonpay-status', status },
      }),
    ),
    {
      id: 'fund-transfer-wallets',
      screen: {
        name: 'fund-transfer-wallets',
        rows: [source(0), source(1), source(2)],
        more: [source(3), source(4, 'solana')],
        moreLabel: 'More wallets',
        notice: null,
        expanded: false,
      },
    },
    {
      // A Solana wallet on devnet: the connected Ethereum wallets cannot bridge there.
      id: 'fund-transfer-wallets-testnet',
      screen: {
        name: 'fund-transfer-wallets',
        rows: [source(4, 'solana')],
        more: [],
        moreLabel: null,
        notice: fundingMessages.bridgeTestnet,
        expanded: false,
      },
    },
    {
      id: 'fund-transfer-amount',
      screen: {
        name: 'fund-transfer-amount',
        wallet: metamask,
        amount: '0.1',
        symbol: 'ETH',
        canContinue: true,
      },
    },
    ...(['confirm', 'success'] as const).map(
      (status): GalleryEntry => ({
        id: `fund-transfer-${status}`,
        screen: { name: 'fund-transfer-confirm', wallet: metamask, status, error: null },
      }),
    ),
    {
      id: 'fund-transfer-failed',
      screen: {
        name: 'fund-transfer-confirm',
        wallet: metamask,
        status: 'failed',
        error: 'User rejected the request.',
      },
    },
    {
      id: 'fund-bridge-options',
      screen: {
        name: 'fund-bridge-options',
        options: [
          { chainId: 8453, chainName: 'Base' },
          { chainId: 42161, chainName: 'Arbitrum One' },
        ],
      },
    },
    ...(['quoting', 'confirm', 'bridging', 'success'] as const).map(
      (status): GalleryEntry => ({
        id: `fund-bridge-${status}`,
        screen: {
          name: 'fund-bridge-progress',
          status,
          walletName: 'MetaMask',
          amount: '0.5',
          failure: null,
        },
      }),
    ),
    {
      id: 'fund-bridge-failed',
      screen: {
        name: 'fund-bridge-progress',
        status: 'failed',
        walletName: 'MetaMask',
        amount: '0.5',
        failure: {
          title: 'Transaction failed',
          message:
            'We were unable to complete the bridging transaction. Funds will be refunded on your wallet.',
          refundUrl: 'https://relay.link/transaction/0x5b38da6a701c568545dcfcb03fcb875f56beddc4',
        },
      },
    },
    { id: 'fund-receive', screen: receive(false), ready: qrReady },
    { id: 'fund-receive-funded', screen: receive(true), ready: qrReady },
  ];
}

/** Screens the gallery does not show yet, with the reason (the test fails on any other gap). */
export const notInGallery: Partial<Record<ScreenName, string>> = {};
