/**
 * The texts and switches of the signing screens, as the signing calls take them (spec document 2
 * §3 "Sign message input", "Ethereum transaction request").
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
