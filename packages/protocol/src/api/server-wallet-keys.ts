import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';
import type { CreateServerWalletRequest, ServerWallet } from './server-wallets.ts';

/*
 * Key transport for server wallets (WIRE.md §7.2, §7.3, §7.5; REFERENCES §1.6): a user's short-lived
 * authorization key, a wallet's private key exported to its owner, and a private key imported into a
 * new wallet, each travelling only inside HPKE (base mode, DHKEM(P-256, HKDF-SHA256), HKDF-SHA256,
 * ChaCha20-Poly1305). Basic auth with the app secret and `privy-app-id`, under `/api/v1/...` and
 * `/v1/...` (where `@privy-io/node` calls them). Times are Unix milliseconds.
 */

/** The one encryption the API speaks. */
export type HpkeEncryptionType = 'HPKE';

/** An HPKE message: the sender's encapsulated key (base64 of a P-256 point) and the sealed payload (base64). */
export interface HpkeEncrypted {
  encryption_type: HpkeEncryptionType;
  encapsulated_key: string;
  ciphertext: string;
}

/** How long the server-side pieces of key transport live (docs/security.md, "Server wallets"). */
export const serverWalletKeyLimits = {
  /** A user's authorization key: the access token's remaining life, at most this. */
  userKeyMaxTtlMs: 60 * 60 * 1000,
  /** Live authorization keys kept per user (the oldest goes first): bounds each signature check. */
  userKeysPerUser: 20,
  /** Between `import/init` and `import/submit`. */
  importTtlMs: 15 * 60 * 1000,
} as const;

/**
 * `POST /wallets/authenticate` (and `POST /user_signers/authenticate`): a user's access token for a
 * key that signs for the user's wallets, sealed to `recipient_public_key` (base64 SPKI P-256).
 */
export interface UserKeyRequest {
  user_jwt: string;
  encryption_type: HpkeEncryptionType;
  recipient_public_key: string;
}

export interface UserKeyResponse {
  /** The key's private half: base64 PKCS#8 DER (what `@privy-io/node` signs with), as UTF-8, sealed. */
  encrypted_authorization_key: HpkeEncrypted;
  /** When the key stops counting, Unix milliseconds. */
  expires_at: number;
  /** The wallets the user owns. */
  wallets: ServerWallet[];
}

/** `POST /wallets/:wallet_id/export`: the owner's request for the private key, sealed to its key. */
export interface WalletExportRequest {
  encryption_type: HpkeEncryptionType;
  /** base64 SPKI (or the raw point, or PEM) of a P-256 key. */
  recipient_public_key: string;
  /** Server wallets hold a key, not a seed phrase: `true` is refused with `not_supported`. */
  export_seed_phrase?: boolean;
  export_type?: 'display' | 'client';
}

/**
 * The key in its chain's export form (Ethereum 0x-hex, Solana base58 of the 64-byte secret key), as
 * UTF-8, sealed to the recipient.
 */
export type WalletExportResponse = HpkeEncrypted;

/** The chain types the incumbent imports; Latchkey imports `ethereum` and `solana` (others: `not_supported`). */
/** The chain types `@privy-io/node`'s import names (Latchkey imports ethereum and solana; the rest are `not_supported`). */
export const walletImportChainTypes = [
  'ethereum',
  'solana',
  'stellar',
  'tron',
  'sui',
  'aptos',
  'xrpl',
] as const;

export type WalletImportChainType = (typeof walletImportChainTypes)[number];

/** `POST /wallets/import/init`: the key to seal a private key to, for one address. */
export interface WalletImportInitRequest {
  chain_type: WalletImportChainType;
  address: string;
  /** `hd` (a seed phrase) is refused with `not_supported`: server wallets hold one key. */
  entropy_type: 'private-key' | 'hd';
  index?: number;
  encryption_type: HpkeEncryptionType;
}

export interface WalletImportInitResponse {
  /** base64 of the raw uncompressed P-256 point (what the SDK's HPKE deserialises). */
  encryption_public_key: string;
  encryption_type: HpkeEncryptionType;
}

/** Parameters of another provider's HPKE (`hpke_config`), base64 for the bytes. */
export interface HpkeImportConfig {
  aad?: string;
  aead_algorithm?: 'CHACHA20_POLY1305' | 'AES_GCM256';
  info?: string;
}

/** `POST /wallets/import/submit`: the sealed key (raw bytes) and the new wallet's settings (as a create's). */
export interface WalletImportSubmitRequest extends Omit<CreateServerWalletRequest, 'chain_type'> {
  wallet: {
    chain_type: WalletImportChainType;
    address: string;
    entropy_type: 'private-key' | 'hd';
    index?: number;
    encryption_type: HpkeEncryptionType;
    ciphertext: string;
    encapsulated_key: string;
    hpke_config?: HpkeImportConfig;
  };
}

const serverWalletKeysTable = {
  walletsAuthenticate: { method: 'POST', path: '/api/v1/wallets/authenticate' },
  userSignersAuthenticate: { method: 'POST', path: '/api/v1/user_signers/authenticate' },
  walletExport: { method: 'POST', path: '/api/v1/wallets/:wallet_id/export' },
  walletImportInit: { method: 'POST', path: '/api/v1/wallets/import/init' },
  walletImportSubmit: { method: 'POST', path: '/api/v1/wallets/import/submit' },
} as const;

export const serverWalletKeysApi: TypedRoutes<
  typeof serverWalletKeysTable,
  {
    walletsAuthenticate: { request: UserKeyRequest; response: UserKeyResponse };
    userSignersAuthenticate: { request: UserKeyRequest; response: UserKeyResponse };
    walletExport: { request: WalletExportRequest; response: WalletExportResponse };
    walletImportInit: { request: WalletImportInitRequest; response: WalletImportInitResponse };
    walletImportSubmit: { request: WalletImportSubmitRequest; response: ServerWallet };
  }
> = serverWalletKeysTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const serverWalletKeysReference: ReferenceArea = {
  name: 'Server wallet keys',
  description:
    'Key transport over HPKE (WIRE.md §7.5): a user’s short-lived authorization key, export of a wallet’s private key to its owner, import of a private key into a new wallet.',
  tables: [[serverWalletKeysApi, 'server']],
  summaries: {
    walletsAuthenticate:
      'A user’s access token for an authorization key that signs for the user’s wallets, sealed to the caller’s key.',
    userSignersAuthenticate: 'The older spelling of POST /wallets/authenticate.',
    walletExport: 'The wallet’s private key, sealed to the owner’s key; needs the owner’s signature.',
    walletImportInit: 'A one-time key to seal a private key to, for one chain type and address.',
    walletImportSubmit: 'A new wallet from the sealed private key, which must control the address.',
  },
};
