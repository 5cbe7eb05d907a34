import { describe, expect, it } from 'vitest';
import { exportFrameCredential } from './credential.ts';
import { exportFrameUrl } from './ExportWalletScreen.tsx';

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
