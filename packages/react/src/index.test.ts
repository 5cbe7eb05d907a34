import { describe, expect, it } from 'vitest';
import * as react from './index.ts';

describe('@latchkey/react', () => {
  it('exports exactly this API', () => {
    expect(Object.keys(react).sort()).toMatchInlineSnapshot(`
      [
        "LatchkeyProvider",
        "errorIndicatesMaxMfaRetries",
        "errorIndicatesMfaTimeout",
        "errorIndicatesMfaVerificationFailed",
        "missingProviderMessage",
        "oauthProviders",
        "toClientUser",
        "useConnectWallet",
        "useCreateWallet",
        "useDelegatedActions",
        "useExportWallet",
        "useFarcasterSigner",
        "useFundWallet",
        "useGetFarcasterSignerPublicKey",
        "useHeadlessDelegatedActions",
        "useIdentityToken",
        "useImportWallet",
        "useLatchkey",
        "useLinkAccount",
        "useLinkWithPasskey",
        "useLogin",
        "useLoginWithOAuth",
        "useLoginWithPasskey",
        "useLoginWithTelegram",
        "useLogout",
        "useMfa",
        "useMfaEnrollment",
        "useMfaEnrollmentUI",
        "useOAuthTokens",
        "useRegisterMfaListener",
        "useRequestFarcasterSigner",
        "useSendTransaction",
        "useSessionSigners",
        "useSetWalletPassword",
        "useSetWalletRecovery",
        "useSignFarcasterMessage",
        "useSignMessage",
        "useSignTransaction",
        "useSignTypedData",
        "useSignupWithPasskey",
        "useSolanaFundWallet",
        "useSolanaWallets",
        "useUpdateAccount",
        "useWallets",
      ]
    `);
  });
});
