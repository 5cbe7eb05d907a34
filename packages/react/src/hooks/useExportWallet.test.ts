import type { EmbeddedWalletAccount } from '@latchkey/core/embedded';
import { describe, expect, it } from 'vitest';
import { exportFrameUrl } from '../modal/screens/ExportWalletScreen.tsx';
import { exportFrameCredential, exportTarget } from './useExportWallet.ts';

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

describe('exportFrameUrl', () => {
  it('names the wallet in the query (WIRE §6) and carries the token in the hash only', () => {
    const url = new URL(
      exportFrameUrl({
        apiUrl: 'https://auth.example.com',
        appId: 'cm0abcdefghijklmnopqrstuv',
        entropyId: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        entropyIdVerifier: 'ethereum-address-verifier',
        hdWalletIndex: 2,
        chainType: 'solana',
        width: 315.6,
        palette: { accent: '#5b4fe9', background2: '', foreground3: 'color-mix(in srgb,#111827 60%,#fff)' },
        colorScheme: 'dark',
        accessToken: 'header.payload.signature',
      }),
    );
    expect(url.origin + url.pathname).toBe(
      'https://auth.example.com/apps/cm0abcdefghijklmnopqrstuv/embedded-wallets/export',
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      entropy_id: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      entropy_id_verifier: 'ethereum-address-verifier',
      hd_wallet_index: '2',
      chain_type: 'solana',
      width: '316px',
      phrase_export: 'true',
      accent: '#5b4fe9',
      foreground3: 'color-mix(in srgb,#111827 60%,#fff)',
      colorScheme: 'dark',
    });
    expect(url.search).not.toContain('header.payload');
    expect(url.hash).toBe('#token=header.payload.signature');
  });
});

describe('the export frame with cookie sessions', () => {
  const query = {
    apiUrl: 'https://auth.example.com',
    appId: 'cm0abcdefghijklmnopqrstuv',
    entropyId: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    entropyIdVerifier: 'ethereum-address-verifier',
    hdWalletIndex: 0,
    chainType: 'ethereum',
    width: 320,
    palette: {},
    colorScheme: 'light',
  } as const;

  it('gets no token in its URL: the frame authenticates with the server cookies', () => {
    const url = new URL(exportFrameUrl({ ...query, accessToken: null }));
    expect(url.hash).toBe('');
    expect(url.href).not.toContain('token');
  });

  it('is given the access token in token mode, nothing with cookie sessions, and no frame once logged out', async () => {
    const client = (cookieSessions: boolean, authenticated: boolean, token: string | null) => ({
      cookieSessions,
      getAccessToken: async () => token,
      getState: () => ({ ready: true, authenticated, user: null, appConfig: null }),
    });
    expect(await exportFrameCredential(client(false, true, 'header.payload.signature'))).toEqual({
      token: 'header.payload.signature',
    });
    expect(await exportFrameCredential(client(false, false, null))).toBeNull();
    expect(await exportFrameCredential(client(true, true, null))).toEqual({ token: null });
    expect(await exportFrameCredential(client(true, false, null))).toBeNull();
  });
});
