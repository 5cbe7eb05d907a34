import type {
  AppResponse,
  ChainType,
  embeddedConnectorType,
  embeddedWalletClientType,
  User,
} from '@latchkey/protocol';

export type EmbeddedChain = ChainType;

/** When the modal creates an embedded wallet on a chain after login (spec document 1 §4). */
export type CreateOnLogin = 'users-without-wallets' | 'all-users' | 'off';

/** The app's embedded-wallet options; each falls back to the app's `embedded_wallet_config`. */
export interface EmbeddedWalletsConfig {
  ethereum?: { createOnLogin?: CreateOnLogin };
  solana?: { createOnLogin?: CreateOnLogin };
  /** New wallets are secured with a password the user sets (recovery method 'user-passcode'). */
  requireUserPasswordOnCreate?: boolean;
  /** Show the confirmation screens before signing; the app's `enforce_wallet_uis` forces them on. */
  showWalletUIs?: boolean;
  /**
   * Client only (the server has no such setting): how long the wallet frame keeps a wallet's rebuilt
   * keys after its last use; the client's `walletKeyIdleSeconds`, default 300.
   */
  keyIdleSeconds?: number;
}

/** The embedded-wallet settings in force: the provider's config first, then the app's. */
export interface EmbeddedWalletSettings {
  ethereum: CreateOnLogin;
  solana: CreateOnLogin;
  requireUserPasswordOnCreate: boolean;
  showWalletUIs: boolean;
}

const createOnLogin = (value: unknown): CreateOnLogin | undefined =>
  value === 'users-without-wallets' || value === 'all-users' || value === 'off' ? value : undefined;

/**
 * Resolves the app's `embeddedWallets` options against the app's `embedded_wallet_config`. The app's
 * top-level `create_on_login` is the older Ethereum-only switch: it applies when the per-chain
 * Ethereum setting is off. `enforce_wallet_uis` turns the confirmation screens on whatever the
 * provider says.
 *
 * @example
 * embeddedWalletSettings({ solana: { createOnLogin: 'all-users' } }, app).solana // 'all-users'
 */
export function embeddedWalletSettings(
  config: EmbeddedWalletsConfig | undefined,
  app: AppResponse | null,
): EmbeddedWalletSettings {
  const server = app?.embedded_wallet_config;
  const serverEthereum = createOnLogin(server?.ethereum?.create_on_login) ?? 'off';
  const legacy = createOnLogin(server?.create_on_login) ?? 'off';
  return {
    ethereum:
      createOnLogin(config?.ethereum?.createOnLogin) ?? (serverEthereum !== 'off' ? serverEthereum : legacy),
    solana:
      createOnLogin(config?.solana?.createOnLogin) ?? createOnLogin(server?.solana?.create_on_login) ?? 'off',
    requireUserPasswordOnCreate:
      config?.requireUserPasswordOnCreate ?? server?.require_user_password_on_create === true,
    showWalletUIs: app?.enforce_wallet_uis === true ? true : (config?.showWalletUIs ?? true),
  };
}

interface WalletFields {
  type: string;
  chain_type?: unknown;
  connector_type?: unknown;
  wallet_client_type?: unknown;
}

const isWallet = (account: WalletFields, chain?: EmbeddedChain) =>
  account.type === 'wallet' && (chain === undefined || account.chain_type === chain);
const isEmbedded = (account: WalletFields) =>
  // Checked against protocol's constants by type only: this module is in every page's first load, and
  // importing the values there splits a shared chunk off for two short strings.
  account.wallet_client_type === ('privy' satisfies typeof embeddedWalletClientType) &&
  account.connector_type === ('embedded' satisfies typeof embeddedConnectorType);

/** True when the user has an embedded wallet (on `chain`, or on any chain). */
export function hasEmbeddedWallet(user: User | null | undefined, chain?: EmbeddedChain): boolean {
  return (user?.linked_accounts ?? []).some(
    (account) => isWallet(account as WalletFields, chain) && isEmbedded(account as WalletFields),
  );
}

/**
 * The chains to create an embedded wallet on after a login, Ethereum first (spec document 1 §4
 * Post-login wallet creation): per chain, when its createOnLogin is not 'off' and the user has no
 * embedded wallet there; with 'users-without-wallets', not when they have an external wallet there.
 *
 * @example
 * walletsToCreate(user, { ...settings, ethereum: 'users-without-wallets' }) // ['ethereum']
 */
export function walletsToCreate(user: User, settings: EmbeddedWalletSettings): EmbeddedChain[] {
  const out: EmbeddedChain[] = [];
  for (const chain of ['ethereum', 'solana'] as const) {
    const mode = settings[chain];
    if (mode === 'off' || hasEmbeddedWallet(user, chain)) continue;
    const hasExternal = user.linked_accounts.some(
      (account) => isWallet(account as WalletFields, chain) && !isEmbedded(account as WalletFields),
    );
    if (mode === 'users-without-wallets' && hasExternal) continue;
    out.push(chain);
  }
  return out;
}
