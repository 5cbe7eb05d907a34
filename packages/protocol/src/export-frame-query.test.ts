import { describe, expect, it } from 'vitest';
import {
  decodeExportFrameQuery,
  type ExportFrameQuery,
  encodeExportFrameQuery,
} from './export-frame-query.ts';
import { framePagePath } from './frame-pages.ts';

const query: ExportFrameQuery = {
  entropyId: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  entropyIdVerifier: 'ethereum-address-verifier',
  hdWalletIndex: 2,
  chainType: 'solana',
  width: 316,
  phraseExport: true,
  palette: { accent: '#5b4fe9', foreground3: 'color-mix(in srgb,#111827 60%,#fff)' },
  colorScheme: 'dark',
  accessToken: 'header.payload.signature',
};

describe('the export frame query', () => {
  it('reads back as it was written', () => {
    expect(decodeExportFrameQuery(encodeExportFrameQuery(query))).toEqual(query);
    const cookieMode = { ...query, accessToken: null, phraseExport: false, palette: {} };
    expect(decodeExportFrameQuery(encodeExportFrameQuery(cookieMode))).toEqual(cookieMode);
  });

  it('reads back through a real URL', () => {
    const { search, hash } = encodeExportFrameQuery(query);
    const url = new URL(`https://auth.example.com${framePagePath('export', 'app id')}${search}${hash}`);
    expect(url.pathname).toBe('/apps/app%20id/embedded-wallets/export');
    expect(decodeExportFrameQuery(url)).toEqual(query);
  });

  it('keeps the token out of the query, and leaves the hash empty without one', () => {
    const { search, hash } = encodeExportFrameQuery(query);
    expect(search).not.toContain('header.payload');
    expect(hash).toBe('#token=header.payload.signature');
    expect(encodeExportFrameQuery({ ...query, accessToken: null }).hash).toBe('');
  });

  it('reads a hand-made address without trusting it', () => {
    expect(decodeExportFrameQuery({ search: '?hd_wallet_index=-1&width=wide', hash: '' })).toMatchObject({
      entropyId: null,
      hdWalletIndex: Number.NaN,
      width: null,
      phraseExport: false,
      accessToken: null,
    });
    // An absent index is the chain's primary wallet.
    expect(decodeExportFrameQuery({ search: '', hash: '' }).hdWalletIndex).toBe(0);
  });
});
