/**
 * Issue 31's type-level test: an app written against the incumbent's React SDK
 * (`@privy-io/react-auth` 3.45.0, its published declarations) must type-check against
 * `@latchkey/react` after renaming its imports. For every hook both export, the TypeScript compiler
 * assigns our parameters and return type to the incumbent's and back; every hook the incumbent exports
 * must be ours or listed below as a feature Latchkey has not built. The incumbent is installed outside
 * the repo at test time (e2e/react-auth-app.ts says why), so it is a dependency of this test only.
 */
import * as latchkey from '@latchkey/react';
import { beforeAll, describe, expect, test } from 'vitest';
import { compare, incumbentHooks, type Probe } from './incumbent-types.ts';
import { reactAuthAppDir } from './react-auth-app.ts';

/**
 * The incumbent's hooks for features Latchkey has not built yet, with the feature. Once one is built
 * its hook must be exported (and this entry removed): the test fails while both are true.
 */
const notBuilt: Record<string, string> = {
  useAddFunds: 'funding: deposits to an address',
  useDepositAddress: 'funding: deposits to an address',
  useFiatOnramp: 'funding: the fiat on-ramp API',
  useFundWalletWithBankDeposit: 'funding: bank deposits',
  useCrossAppAccounts: 'cross-app accounts',
  useBaseAccountSdk: 'the Base Account connector',
  useConnectBaseAccount: 'the Base Account connector',
  useConnectCoinbaseSmartWallet: 'the Coinbase Smart Wallet connector',
  useAuthorizationSignature: 'signing requests with authorization keys in the browser',
  useSigners: 'key quorums and signers in the browser',
  useSign7702Authorization: 'EIP-7702 authorizations',
  useMigrateWallets: 'migrating wallets between apps',
  usePrivyClient_experimental: "the incumbent's experimental client object",
  useTransfer: 'token transfers with the funding screens',
  useX402Fetch: 'x402 payments',
  useGetWalletPrivateKey: "the incumbent's private-key handle for its own key export frame",
  useGetAccessTokenForProvider: 'cross-app accounts (a token for another app)',
  useAuthMfa: 'a second factor at login (Latchkey asks for MFA before wallet actions only)',
  useAuthMfaEnrollment: 'a second factor at login (Latchkey asks for MFA before wallet actions only)',
  useRecoverEmbeddedWallet:
    "recovering a wallet with a recovery encryption key (the only method the incumbent's hook takes)",
  useWalletActions: "the wallets' action history API (GET /wallets/:id/actions)",
};

/**
 * Hooks being built, not exported yet (empty since issue 31 exported all of its own): a hook the
 * incumbent exports must be ours, listed as not built, or here while its work is in progress.
 */
const inProgress = new Set<string>([]);

/**
 * Hooks both export whose types still differ from the incumbent's, with what differs. Each must
 * really differ (the test fails once one is fixed, so the entry goes).
 */
const differs: Record<string, string> = {
  useConnectWallet:
    "onSuccess's Solana wallet: BaseConnectedSolanaWallet's `provider` (the incumbent's ConnectedStandardSolanaWallet class, private fields)",
  useActiveWallet:
    "Solana wallets: BaseConnectedSolanaWallet's `provider` (the incumbent's ConnectedStandardSolanaWallet class, private fields)",
  useConnectOrCreateWallet:
    "onSuccess's Solana wallet: BaseConnectedSolanaWallet's `provider` (a class with private fields)",
  useFundWallet:
    "onUserExited's event ({ address, funded } here; chain, fundingMethod and balance there) and fundWallet's answer ({ funded } here, void there); fundWallet takes the incumbent's form of call too",
};

/**
 * Hooks that take more than the incumbent's, with the one direction that fails because of it and why
 * (the spec asks for it, or Latchkey had it before and an app may use it): an app's calls written for
 * the incumbent's hook still type-check against ours, and everything else is checked both ways. The
 * named direction must still fail, or the entry goes.
 */
const wider: Record<string, { direction: string; why: string }> = {
  useDelegatedActions: {
    direction: 'parameters, ours → theirs',
    why: 'callbacks onDelegate / onRevoke / onSuccess / onError (spec document 2 §3, Delegated actions); the incumbent takes none',
  },
  useHeadlessDelegatedActions: {
    direction: 'parameters, ours → theirs',
    why: 'callbacks onDelegate / onRevoke / onSuccess / onError (spec document 2 §3, Delegated actions); the incumbent takes none',
  },
  useImportWallet: {
    direction: 'parameters, ours → theirs',
    why: "callbacks onSuccess / onError, as useCreateWallet's (Latchkey's before issue 31); the incumbent takes none",
  },
  useSignTransaction: {
    direction: 'parameters, ours → theirs',
    why: "callbacks onSuccess / onError, as the other signing hooks' (Latchkey's before issue 31); the incumbent takes none",
  },
  useSendTransaction: {
    direction: 'return, theirs → ours',
    why: "sendTransaction also takes a list of requests, a batch (spec document 1 §2: '(n / m)' for batches)",
  },
};

const ours = new Set(Object.keys(latchkey).filter((name) => /^use[A-Z]/.test(name)));

let appDir = '';
let theirs: string[] = [];
let results = new Map<string, string[]>();

beforeAll(async () => {
  appDir = await reactAuthAppDir();
  theirs = incumbentHooks(appDir);
  const shared = theirs.filter((name) => ours.has(name));
  const probes: Probe[] = [
    ...shared.map((name): Probe => ({ kind: 'hook', name })),
    { kind: 'type', name: 'User' },
    { kind: 'type', name: 'LinkedAccountWithMetadata' },
    { kind: 'type', name: 'PrivyErrorCode' },
    // What an app gives the provider: the incumbent's as it is (ours has options of its own besides).
    { kind: 'accepts', name: 'PrivyClientConfig', ours: 'LatchkeyConfig' },
    { kind: 'accepts', name: 'PrivyProviderProps', ours: 'LatchkeyProviderProps' },
  ];
  results = compare(appDir, probes);
}, 600_000);

describe("the incumbent's hooks", () => {
  test('each is exported by @latchkey/react, or is a feature Latchkey has not built', () => {
    const missing = theirs.filter((name) => !ours.has(name) && !(name in notBuilt) && !inProgress.has(name));
    expect(missing).toEqual([]);
    expect(theirs.length).toBeGreaterThan(80);
  });

  test('a hook listed as not built or in progress is not exported (remove it from the list once it is)', () => {
    const stale = [...Object.keys(notBuilt), ...inProgress].filter((name) => ours.has(name));
    expect(stale).toEqual([]);
  });

  test('the lists name only hooks the incumbent exports', () => {
    const listed = [...Object.keys(notBuilt), ...inProgress, ...Object.keys(differs), ...Object.keys(wider)];
    const unknown = listed.filter((name) => !theirs.includes(name));
    expect(unknown).toEqual([]);
  });

  test('our sources compile under an app’s settings', () => {
    expect(results.get('(compile)') ?? []).toEqual([]);
  });
});

describe('types both packages export are assignable both ways', () => {
  test.each(['User', 'LinkedAccountWithMetadata', 'PrivyErrorCode'])('%s', (name) => {
    expect(results.get(name)).toEqual([]);
  });
});

describe("LatchkeyProvider takes the incumbent's PrivyProvider props and config as they are", () => {
  test.each(['PrivyClientConfig', 'PrivyProviderProps'])('%s', (name) => {
    expect(results.get(name)).toEqual([]);
  });
});

describe("each hook both export: parameters and return type assignable to and from the incumbent's", () => {
  // Every hook of ours the incumbent also exports (read from our exports, so a new one is covered).
  const shared = [...ours].filter((name) => !name.startsWith('useLatchkey')).sort();
  test.each(shared)('%s', (name) => {
    if (!theirs.includes(name)) return; // A hook of Latchkey's own.
    const errors = results.get(name) ?? [];
    if (name in differs) expect(errors, `${name} now matches: remove it from \`differs\``).not.toEqual([]);
    else if (name in wider) {
      const { direction } = wider[name] ?? { direction: '' };
      expect(errors.filter((error) => !error.startsWith(direction))).toEqual([]);
      expect(
        errors.some((error) => error.startsWith(direction)),
        `${name}: remove it from \`wider\``,
      ).toBe(true);
    } else expect(errors).toEqual([]);
  });
});
