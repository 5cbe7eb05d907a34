import type { EmbeddedWalletAccount } from '@latchkey/core/embedded';
import { describe, expect, it } from 'vitest';
import { exportTarget } from './useExportWallet.ts';

const account = (patch: Partial<EmbeddedWalletAccount>): EmbeddedWalletAccount => ({
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  chainType: 'ethereum',
  walletIndex: 0,
  chainId: 'eip155:1',
  recoveryMethod: 'privy',
  imported: false,
  delegated: false,
  createdAt: 1_700_000_000,
  ...patch,
});

describe('exportTarget', () => {
  const ethereum = account({});
  const second = account({ address: '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359', walletIndex: 1 });
  const solana = account({
    address: 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy',
    chainType: 'solana',
    chainId: null,
  });
  const imported = account({ address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', imported: true });

  it("picks the user's first HD wallet by default, and any HD wallet by address", () => {
    expect(exportTarget([imported, ethereum, solana])).toEqual({
      address: ethereum.address,
      chainType: 'ethereum',
    });
    expect(exportTarget([ethereum, second, solana], second.address.toLowerCase())).toEqual({
      address: second.address,
      chainType: 'ethereum',
    });
    expect(exportTarget([ethereum, solana], solana.address)).toEqual({
      address: solana.address,
      chainType: 'solana',
    });
  });

  it('refuses imported wallets, unknown addresses and users without an embedded wallet', () => {
    expect(() => exportTarget([ethereum, imported], imported.address)).toThrow(
      'Only HD embedded wallets can be exported',
    );
    expect(() => exportTarget([ethereum], '0x0000000000000000000000000000000000000001')).toThrow(
      'No embedded wallet found for address 0x0000000000000000000000000000000000000001',
    );
    // Solana addresses are case-sensitive.
    expect(() => exportTarget([solana], solana.address.toLowerCase())).toThrow(/No embedded wallet found/);
    expect(() => exportTarget([imported])).toThrow('User must have an embedded wallet to export');
    expect(() => exportTarget([])).toThrow(expect.objectContaining({ code: 'embedded_wallet_not_found' }));
  });
});
