import type { User } from '@latchkey/protocol';
import { LatchkeyClientError } from '../../errors.ts';
import type { WalletChainType } from '../types.ts';
import { sameAddress, type WalletManagerContext } from './context.ts';

/**
 * Unlinks `address` from the user with the connector of its chain: the one given, else its
 * connection's, else the chain whose address form it has (a `0x` address is Ethereum's).
 */
export function unlinkWallet(
  m: WalletManagerContext,
  address: string,
  chainType?: WalletChainType,
): Promise<User> {
  const type =
    chainType ?? m.store.getState().connections.find((c) => sameAddress(c.address, address))?.chainType;
  const connector =
    (type && m.connectors.find((c) => c.chainType === type)) ??
    m.connectors.find((c) => c.ownsAddress(address));
  if (!connector) throw new LatchkeyClientError('invalid_input', 'No wallet found for address');
  return connector.unlink(m.ctx, address);
}
