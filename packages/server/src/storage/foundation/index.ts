import type { Migration } from 'kysely';
import { m0001Foundation } from './0001_foundation.ts';
import { m0002WalletNonces } from './0002_wallet_nonces.ts';
import { m0003AccountTransfers } from './0003_account_transfers.ts';
import { m0004EmbeddedWallets } from './0004_embedded_wallets.ts';
import { m0005ImportedWallets } from './0005_imported_wallets.ts';
import { m0006SessionLifetime } from './0006_session_lifetime.ts';
import { m0007Hardening } from './0007_hardening.ts';
import { m0009DeviceKeys } from './0009_device_keys.ts';
import { m0016LeanWriteIndexes } from './0016_lean_write_indexes.ts';

/**
 * One migration set for both dialects. Column types are the portable subset: text, bigint
 * (SQLite gives it integer affinity) and the Kysely schema builder's constraints.
 *
 * The foundation's migrations: those written before features declared their own, several of
 * which touch the tables of several features. Their names and effects are fixed for good (Kysely
 * refuses a database whose executed migrations differ); a feature's new tables come with the
 * feature (`Feature.migrations`), named after these. A later change to the foundation's own tables
 * (0016) is named after every feature migration that existed then: Kysely runs migrations in name
 * order and refuses a new one that sorts before one a database already ran.
 */
export const foundationMigrations: Record<string, Migration> = {
  '0001_foundation': m0001Foundation,
  '0002_wallet_nonces': m0002WalletNonces,
  '0003_account_transfers': m0003AccountTransfers,
  '0004_embedded_wallets': m0004EmbeddedWallets,
  '0005_imported_wallets': m0005ImportedWallets,
  '0006_session_lifetime': m0006SessionLifetime,
  '0007_hardening': m0007Hardening,
  '0009_device_keys': m0009DeviceKeys,
  '0016_lean_write_indexes': m0016LeanWriteIndexes,
};
