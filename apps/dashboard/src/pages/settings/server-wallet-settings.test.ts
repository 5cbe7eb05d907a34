import { describe, expect, it } from 'vitest';
import { mapRows, rowsMap } from '../../components/map-rows.ts';
import { assetProblem, blankAsset, withType } from './server-wallet-settings.ts';

describe("the Server wallets section's rows", () => {
  it('edits rpc_urls as rows: blank chains left out, none at all is null', () => {
    expect(mapRows(null)).toEqual([]);
    expect(mapRows({ 'eip155:1': 'https://a' })).toEqual([['eip155:1', 'https://a']]);
    expect(
      rowsMap([
        ['eip155:1', ' https://a '],
        ['', 'https://typing'],
      ]),
    ).toEqual({ 'eip155:1': 'https://a' });
    expect(rowsMap([['', '']])).toBeNull();
  });

  it('moves an asset between types keeping what was typed, and says what the server would refuse', () => {
    const token = {
      caip2: 'eip155:8453',
      type: 'erc20' as const,
      address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
    };
    expect(assetProblem(token)).toBeNull();
    expect(withType(token, 'spl')).toEqual({ caip2: 'eip155:8453', type: 'spl', mint: token.address });
    expect(assetProblem(withType(token, 'spl'))).toMatch(/Solana cluster/);
    expect(withType(blankAsset('erc20'), 'spl')).toEqual(blankAsset('spl'));
    expect(assetProblem({ ...token, address: '0x12' })).toMatch(/40 hex/);
    expect(
      assetProblem({ caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', type: 'spl', mint: '0OIl' }),
    ).toMatch(/base58/);
  });
});
