import type { LoginMode, User } from '@latchkey/protocol';
import { LatchkeyClientError } from '../../errors.ts';
import type { LoginResult } from '../../flows/context.ts';
import type { SignInFlowStatus } from '../../flows/siwe.ts';
import type { WalletConnector, WalletSignIn } from '../connectors/types.ts';
import { connectionOf, connectorOf, type WalletManagerContext, walletById } from './context.ts';

export interface WalletSignInOptions {
  mode?: LoginMode | undefined;
  loginMessage?: string | null | undefined;
  captchaToken?: string | undefined;
  onStatus?: ((status: SignInFlowStatus) => void) | undefined;
}

/** The connection of `address`, its connector, and what a sign-in message needs of the page. */
function signInOf(
  m: WalletManagerContext,
  address: string,
  options: WalletSignInOptions,
): { connector: WalletConnector; signIn: WalletSignIn } {
  const connection = connectionOf(m, address);
  const location = m.win.location;
  if (!location) throw new LatchkeyClientError('invalid_input', 'Wallet login needs a browser page');
  const connector = connectorOf(m, connection);
  if (!connector)
    throw new LatchkeyClientError('unknown_connect_wallet_error', 'Unable to connect to wallet');
  return {
    connector,
    signIn: {
      connection,
      wallet: () => walletById(m, connectionOf(m, connection.address).walletId),
      domain: location.host,
      uri: location.origin,
      loginMessage: options.loginMessage,
      captchaToken: options.captchaToken,
      onStatus: options.onStatus,
    },
  };
}

/** Logs in with the connected wallet at `address`, signing its chain's sign-in message (SIWE, SIWS). */
export async function loginWithWallet(
  m: WalletManagerContext,
  address: string,
  options: WalletSignInOptions,
): Promise<LoginResult> {
  const { connector, signIn } = signInOf(m, address, options);
  return connector.login(m.ctx, signIn, options.mode);
}

/** Links the connected wallet at `address` to the logged-in user the same way. */
export async function linkWithWallet(
  m: WalletManagerContext,
  address: string,
  options: Omit<WalletSignInOptions, 'mode'>,
): Promise<User> {
  const { connector, signIn } = signInOf(m, address, options);
  return connector.link(m.ctx, signIn);
}
