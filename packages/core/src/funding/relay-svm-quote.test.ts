import { describe, expect, it } from 'vitest';
import { fundingMessages } from './messages.ts';
import { fetchRelaySvmQuote, relaySolana } from './relay-quote.ts';

/** A bridge answering `data` as its first step item's data. */
const answering = (data: unknown) => async () => Response.json({ steps: [{ items: [{ data }] }] });
const request = {
  amount: '1000',
  user: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
  recipient: '0x5555555555555555555555555555555555555555',
  originChainId: relaySolana.chainId,
  destinationChainId: 8453,
};
const instruction = {
  keys: [{ pubkey: request.user, isSigner: true, isWritable: true }],
  programId: relaySolana.sol,
  data: '0200000001',
};

describe("the bridge's Solana-origin quote", () => {
  it('reads the instructions and lookup tables of the first step item', async () => {
    const tables = ['AddressLookupTab1e1111111111111111111111111'];
    await expect(
      fetchRelaySvmQuote({
        host: 'http://relay',
        request,
        fetch: answering({ instructions: [instruction], addressLookupTableAddresses: tables }),
      }),
    ).resolves.toEqual({ instructions: [instruction], addressLookupTableAddresses: tables });
  });

  it.each([
    { name: 'an EVM step', data: { from: '0x1', to: '0x2', value: '1', data: '0x' } },
    { name: 'no instruction', data: { instructions: [] } },
    { name: 'data that is not hex', data: { instructions: [{ ...instruction, data: 'zz' }] } },
    { name: 'a key without flags', data: { instructions: [{ ...instruction, keys: [{ pubkey: 'x' }] }] } },
    {
      name: 'tables that are not addresses',
      data: { instructions: [instruction], addressLookupTableAddresses: [1] },
    },
  ])("refuses $name: 'Unable to select bridge option from quotes.'", async ({ data }) => {
    await expect(
      fetchRelaySvmQuote({ host: 'http://relay', request, fetch: answering(data) }),
    ).rejects.toThrow(fundingMessages.bridgeOptionFailed);
  });
});
