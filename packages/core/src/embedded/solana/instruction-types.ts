/**
 * Solana instructions as the confirm screen shows them (spec document 2 §3 "Solana instruction types
 * decoded"). Addresses are base58; amounts are base units (lamports, token base units) as bigint.
 */

/** System program Transfer (2) or TransferWithSeed (11). */
export interface SolTransferInstruction {
  type: 'sol-transfer';
  program: string;
  fromAccount: string;
  toAccount: string;
  lamports: bigint;
  withSeed: boolean;
}

/** System program CreateAccount (0) or CreateAccountWithSeed (3). */
export interface CreateAccountInstruction {
  type: 'create-account';
  program: string;
  /** The account that funds the new one. */
  fromAccount: string;
  newAccount: string;
  lamports: bigint;
  /** Bytes of data the new account gets. */
  space: bigint;
  /** The program that will own the new account. */
  ownerProgram: string;
  withSeed: boolean;
}

/** Token program Transfer (3) or TransferChecked (12). */
export interface SplTransferInstruction {
  type: 'spl-transfer';
  program: string;
  /** Token account debited. */
  source: string;
  /** Token account credited. */
  destination: string;
  /** The owner (or delegate) of `source` who signs the transfer. */
  authority: string;
  amount: bigint;
  /** Known from TransferChecked, or from token accounts this transaction creates. */
  mint?: string;
  /** Known from TransferChecked. */
  decimals?: number;
  /** The wallet owning `destination`, when this transaction creates or initializes it. */
  destinationOwner?: string;
  checked: boolean;
}

/** Associated token account program Create (0 or empty data) or CreateIdempotent (1). */
export interface AtaCreationInstruction {
  type: 'ata-creation';
  program: string;
  payer: string;
  associatedTokenAccount: string;
  /** The wallet the new token account belongs to. */
  owner: string;
  mint: string;
  idempotent: boolean;
}

/** Token program InitializeAccount (1), InitializeAccount2 (16) or InitializeAccount3 (18). */
export interface SplInitAccountInstruction {
  type: 'spl-init-account';
  program: string;
  account: string;
  mint: string;
  owner: string;
}

/** Token program CloseAccount (9): the account's lamports go to `destination`. */
export interface SplCloseAccountInstruction {
  type: 'spl-close-account';
  program: string;
  account: string;
  destination: string;
  owner: string;
}

/** Token program SyncNative (17): wrapped-SOL balance catches up with the account's lamports. */
export interface SplSyncNativeInstruction {
  type: 'spl-sync-native';
  program: string;
  account: string;
}

/** Raydium CPMM swap_base_input: an exact amount in, at least `minimumAmountOut` back. */
export interface RaydiumSwapBaseInputInstruction {
  type: 'raydium-swap-base-input';
  program: string;
  mintIn: string;
  mintOut: string;
  amountIn: bigint;
  minimumAmountOut: bigint;
}

/** Raydium CPMM swap_base_output: an exact amount out, at most `maxAmountIn` in. */
export interface RaydiumSwapBaseOutputInstruction {
  type: 'raydium-swap-base-output';
  program: string;
  mintIn: string;
  mintOut: string;
  maxAmountIn: bigint;
  amountOut: bigint;
}

/** Jupiter v6 shared_accounts_route: `inAmount` in, about `quotedOutAmount` out. */
export interface JupiterSharedAccountsRouteInstruction {
  type: 'jupiter-swap-shared-accounts-route';
  program: string;
  mintIn: string;
  mintOut: string;
  inAmount: bigint;
  quotedOutAmount: bigint;
  slippageBps: number;
}

/** Jupiter v6 exact_out_route or shared_accounts_exact_out_route: `outAmount` out, about `quotedInAmount` in. */
export interface JupiterExactOutRouteInstruction {
  type: 'jupiter-swap-exact-out-route';
  program: string;
  mintIn: string;
  mintOut: string;
  outAmount: bigint;
  quotedInAmount: bigint;
  slippageBps: number;
}

/** Any other program call: shown with its program and discriminator (hex). */
export interface UnknownInstruction {
  type: 'unknown';
  program: string;
  /** Hex of the instruction's selector bytes: 4 for the system program, 1 for the token programs, else up to 8. */
  discriminator: string;
}

export type DecodedInstruction =
  | SolTransferInstruction
  | CreateAccountInstruction
  | SplTransferInstruction
  | AtaCreationInstruction
  | SplInitAccountInstruction
  | SplCloseAccountInstruction
  | SplSyncNativeInstruction
  | RaydiumSwapBaseInputInstruction
  | RaydiumSwapBaseOutputInstruction
  | JupiterSharedAccountsRouteInstruction
  | JupiterExactOutRouteInstruction
  | UnknownInstruction;

/** An instruction with its accounts resolved to addresses. */
export interface ResolvedInstruction {
  program: string;
  accounts: string[];
  data: Uint8Array;
}
