import { LatchkeyClientError } from '../../errors.ts';
import { parseAddressLookupTable } from './accounts.ts';
import type { SolanaLookupTable } from './compile-message.ts';
import { fromBase64, type SolanaRpcClient } from './rpc.ts';

/**
 * The address lookup tables a transaction is to load accounts from, read from the cluster
 * (`getAccountInfo`, base64) for compiling a v0 message (`compileSolanaMessage`).
 *
 * @throws LatchkeyClientError `invalid_input` naming a table that does not exist or is not a table.
 */
export async function fetchLookupTables(
  rpc: SolanaRpcClient,
  addresses: readonly string[],
): Promise<SolanaLookupTable[]> {
  return Promise.all(
    addresses.map(async (address) => {
      const { value } = await rpc.request<{ value: { data: [string, string] } | null }>('getAccountInfo', [
        address,
        { encoding: 'base64' },
      ]);
      const held = value ? parseAddressLookupTable(fromBase64(value.data[0])) : null;
      if (!held)
        throw new LatchkeyClientError('invalid_input', `Address lookup table ${address} was not found`);
      return { address, addresses: held };
    }),
  );
}
