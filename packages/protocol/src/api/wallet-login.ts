/** Bodies SIWE and SIWS share (WIRE.md §3.3). */

export interface WalletInitRequest {
  address: string;
  /** The captcha token. */
  token?: string;
}

/** Labels of the wallet app and how it connected; null or absent when unknown. */
export interface WalletClientFields {
  walletClientType?: string | null;
  connectorType?: string | null;
}

export interface WalletUnlinkRequest {
  address: string;
}

/** `nonce` comes from the `account_transfer_required` refusal of the link that proved the wallet. */
export interface WalletTransferRequest extends WalletClientFields {
  address: string;
  nonce: string;
}
