/** What the confirmation screens show of a request, formatted by the signing code before they render it. */

/** The sign-message screen: personal_sign text, typed data, or a Solana message. */
export interface MessageContent {
  kind: 'message';
  /** Decoded text; null for typed data. */
  text: string | null;
  /** eth_signTypedData_v4's payload, shown as a tree. */
  typedData: unknown;
}

/** The Ethereum confirm screen's rows, already formatted. */
export interface TransactionContent {
  kind: 'transaction';
  /** 'transaction', 'transfer', 'approve', …, or the host's `transactionInfo.action`. */
  action: string;
  /** Send row: the value (native or token), or 'Maximum' for an unlimited allowance. */
  send: string | null;
  spender: string | null;
  /** The recipient: a token transfer's recipient, else the transaction's `to`. */
  to: string | null;
  tokenAddress: string | null;
  network: string;
  fee: string;
  from: string;
  total: string;
  balance: string;
  /** The balance does not cover value plus fee (for a batch: everything up to this request). */
  insufficient: boolean;
  /**
   * The subtitle: 'Confirm address' when the request moves funds to a recipient (a native or token
   * transfer), whose address the user should check; 'Confirm action' for any other contract call.
   */
  confirm: 'address' | 'action';
  /** The transaction's page on the chain's explorer, `{hash}` standing for its hash. */
  explorerUrl: string | null;
  /** What 'Add funds' asks for when the balance is short; null when there is nothing to add. */
  funding: FundingTarget | null;
}

/** The wallet, chain and amount the Receive funds screen is about, and how to read the balance. */
export interface FundingTarget {
  address: string;
  /**
   * Where the funds go: what 'Add funds' asks the Fund wallet chooser's providers for (the funding
   * flows' `FundingChain`, spelled out: signing is below funding).
   */
  chain:
    | { chainType: 'ethereum'; chainId: number }
    | { chainType: 'solana'; cluster: 'mainnet-beta' | 'devnet' | 'testnet' };
  /** The network named in 'Make sure to send funds on {network}.'. */
  network: string;
  symbol: string;
  decimals: number;
  /** The shortfall, in base units, shown in 'Receive {amount} {symbol}'. */
  amount: bigint;
  /** The wallet's balance now, in base units (polled every 2 s while the screen shows). */
  balance(): Promise<bigint>;
}

/** One decoded Solana instruction as the 'Advanced' list shows it. */
export interface InstructionView {
  type: string;
  fields: { name: string; value: string }[];
}

export interface SolanaTransactionContent {
  kind: 'solana-transaction';
  /** SOL the wallet sends (and lamports it puts into new accounts), with the fee. */
  amount: string | null;
  network: string;
  fee: string;
  instructions: InstructionView[];
  insufficient: boolean;
  /** The transaction's page on the cluster's explorer, `{hash}` standing for its signature. */
  explorerUrl: string | null;
  /** What 'Add funds' asks for when the balance is short; null when there is nothing to add. */
  funding: FundingTarget | null;
}

export type SigningContent = MessageContent | TransactionContent | SolanaTransactionContent;

export interface SigningFailure {
  /** 'Transaction failed' for a reverted transaction, else 'Something went wrong'. */
  title: string;
  /** The error's code, shown above the message. */
  code: string | null;
  message: string;
}
