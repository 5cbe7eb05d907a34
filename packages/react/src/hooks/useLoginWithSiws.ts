import { buildSiwsOffchainMessage } from '@latchkey/core/flows/headless';
import { useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { LinkedAccountWithMetadata, User } from '../userTypes.ts';
import { type SiweFlowState, siwsActions } from './headlessLogin.ts';

/** The incumbent declares it apart; the same states as SIWE's. */
export type SiwsFlowState = SiweFlowState;

/** What the wallet signed: the message's bytes (`plain`, the default), or the off-chain message. */
export type SiwsMessageType = 'plain' | 'transaction' | 'offchain-message';

type SiwsSigned = {
  signature: string;
  message: string;
  walletClientType?: string;
  connectorType?: string;
  messageType?: SiwsMessageType;
};

export type UseLoginWithSiws = {
  /** A nonce and the Sign-In with Solana message for the wallet at `address` to sign. */
  generateSiwsMessage: ({ address }: { address: string }) => Promise<string>;
  /** The message in the Solana off-chain message format, for hardware wallets. */
  generateSiwsOffchainMessage: ({ message, address }: { message: string; address: string }) => Uint8Array;
  /** Logs in with the message and the base64 ed25519 signature over its bytes. */
  loginWithSiws: ({
    signature,
    message,
    disableSignup,
    walletClientType,
    connectorType,
    messageType,
  }: SiwsSigned & { disableSignup?: boolean }) => Promise<User>;
};

export type UseLinkWithSiws = {
  generateSiwsMessage: ({ address }: { address: string }) => Promise<string>;
  generateSiwsOffchainMessage: ({ message, address }: { message: string; address: string }) => Uint8Array;
  /** Links the wallet with the message and its base64 signature. */
  linkWithSiws: ({
    signature,
    message,
    walletClientType,
    connectorType,
    messageType,
  }: SiwsSigned) => Promise<{ user: User; linkedAccount: LinkedAccountWithMetadata | null }>;
};

const generateSiwsOffchainMessage = ({ message, address }: { message: string; address: string }) =>
  buildSiwsOffchainMessage({ message, address });

/**
 * Solana wallet login where the app signs with its own wallet (the incumbent's `useLoginWithSiws`;
 * like it, no state and no callbacks). The server verifies `plain` signatures.
 *
 * @example
 * const { generateSiwsMessage, loginWithSiws } = useLoginWithSiws();
 * const message = await generateSiwsMessage({ address });
 * const signature = btoa(String.fromCharCode(...(await wallet.signMessage(new TextEncoder().encode(message)))));
 * const user = await loginWithSiws({ message, signature });
 */
export function useLoginWithSiws(): UseLoginWithSiws {
  const { client, events } = useLatchkeyContext();
  return useMemo(() => {
    const { generateSiwsMessage, loginWithSiws } = siwsActions({ client, events });
    return { generateSiwsMessage, generateSiwsOffchainMessage, loginWithSiws };
  }, [client, events]);
}

/**
 * Links a Solana wallet the app signs with itself (the incumbent's `useLinkWithSiws`).
 *
 * @example
 * const { generateSiwsMessage, linkWithSiws } = useLinkWithSiws();
 * const message = await generateSiwsMessage({ address });
 * const { linkedAccount } = await linkWithSiws({ message, signature });
 */
export function useLinkWithSiws(): UseLinkWithSiws {
  const { client, events } = useLatchkeyContext();
  return useMemo(() => {
    const { generateSiwsMessage, linkWithSiws } = siwsActions({ client, events });
    return { generateSiwsMessage, generateSiwsOffchainMessage, linkWithSiws };
  }, [client, events]);
}
