/**
 * What the signing hooks take and return (spec document 2 §3 "Sign message input", "Ethereum
 * transaction request"). Types only: the hooks' code loads on first call.
 */

/** The sign-message screen's texts (spec: uiOptions{title, description, buttonText, iconUrl, isCancellable}). */
export interface SignMessageModalUIOptions {
  /** Default 'Sign message'. */
  title?: string;
  /** Default 'Signing this message will not cost you any fees.' */
  description?: string;
  /** Default 'Sign and continue'. */
  buttonText?: string;
  iconUrl?: string;
  /** Shows 'Not now', which rejects with 4001. Default false (the close button still cancels). */
  isCancellable?: boolean;
  /** False signs without any screen; default `config.embeddedWallets.showWalletUIs` (true). */
  showWalletUIs?: boolean;
}

/** The confirm-transaction and receipt screens' texts. */
export interface SendTransactionModalUIOptions {
  /** Default 'Approve {action}'. */
  title?: string;
  description?: string;
  /** Default 'Approve'. */
  buttonText?: string;
  /** Default 'Transaction complete!' ('Transaction signed!' when only signing). */
  successHeader?: string;
  /** Default "You're all set." */
  successDescription?: string;
  /** Shows 'Not now', which rejects with 4001. Default false (the close button still cancels). */
  isCancellable?: boolean;
  showWalletUIs?: boolean;
  transactionInfo?: {
    title?: string;
    /** Replaces the decoded action in 'Approve {action}' and the Action row. */
    action?: string;
    contractInfo?: { imgUrl?: string; imgAltText?: string };
  };
}

export interface SigningCallOptions<UIOptions> {
  uiOptions?: UIOptions;
  /** The embedded wallet to use; default the user's first Ethereum embedded wallet. */
  address?: string;
}

/** A message: text (signed as UTF-8) or hex (`0x…`, signed as the bytes it encodes). */
export interface SignMessageParameters {
  message: string;
}

/** EIP-712 typed data, as `eth_signTypedData_v4` takes it (bigint values are allowed). */
export interface SignTypedDataParameters {
  domain?: Record<string, unknown>;
  types: Record<string, readonly { name: string; type: string }[]>;
  primaryType: string;
  message: Record<string, unknown>;
}

type Quantity = number | bigint | `0x${string}`;

/** An Ethereum transaction request; unset fields are filled (nonce, gas, fees, chain). */
export interface UnsignedTransactionRequest {
  to?: `0x${string}` | null;
  from?: `0x${string}`;
  value?: Quantity;
  data?: `0x${string}`;
  chainId?: Quantity;
  nonce?: Quantity;
  gas?: Quantity;
  gasLimit?: Quantity;
  gasPrice?: Quantity;
  maxFeePerGas?: Quantity;
  maxPriorityFeePerGas?: Quantity;
  type?: 0 | 1 | 2 | `0x${string}` | 'legacy' | 'eip2930' | 'eip1559';
}

/** Options of an embedded Solana wallet's sign and send calls. */
export interface SolanaSigningOptions {
  uiOptions?: SendTransactionModalUIOptions;
  /** A name from `config.solanaClusters`; default the first. */
  cluster?: string;
}
