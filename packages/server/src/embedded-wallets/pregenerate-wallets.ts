import type { Kysely } from 'kysely';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';

/**
 * Creates server-side (pregenerated) embedded wallets for a user, inside the caller's transaction.
 * A placeholder: the `pregenerated-wallets` branch implements it; until then a request for a
 * wallet is refused (`not_supported`) and the import that asked for it changes nothing.
 */
export async function pregenerateWallets(
  _ctx: ServerContext,
  _trx: Kysely<Database>,
  _app: AppRecord,
  _userId: string,
  _chains: { ethereum: boolean; solana: boolean },
): Promise<void> {
  throw new ApiError('not_supported', 'Pregenerated wallets are not available yet.');
}
