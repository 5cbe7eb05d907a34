import type { ChainType, EntropyIdVerifier } from './wallets.ts';

// The page's path is frame-pages.ts's `framePagePath('export', appId)`.

/**
 * The key-export frame's address (WIRE.md §6, `v=1`): the host page (react's export screen) builds
 * it, the frame page (wallet-frame's export page) reads it. The wallet and the look go in the query;
 * the access token goes in the hash, which browsers never send to a server nor put in a Referer.
 */

/** Palette keys the host may pass, each a CSS colour (WIRE.md §6). */
export const exportPaletteKeys = [
  'background',
  'background2',
  'foreground3',
  'foregroundAccent',
  'accent',
  'accentDark',
  'success',
] as const;
export type ExportPaletteKey = (typeof exportPaletteKeys)[number];

export type ColorScheme = 'light' | 'dark';

export interface ExportFrameQuery {
  entropyId: string;
  entropyIdVerifier: EntropyIdVerifier;
  hdWalletIndex: number;
  chainType: ChainType;
  /** The frame's width in CSS pixels (sent rounded, as `320px`). */
  width: number;
  /** Offer the seed phrase too (HD wallets). */
  phraseExport: boolean;
  /** Empty values are left out. */
  palette: Partial<Record<ExportPaletteKey, string>>;
  colorScheme: ColorScheme;
  /** Null in cookie mode: the frame's requests then carry the session cookie. */
  accessToken: string | null;
}

/**
 * What a page address says, read but not checked: the frame checks each field before it uses it,
 * since anyone can open the page with any address. A query from `encodeExportFrameQuery` reads back
 * as it was given.
 */
export interface DecodedExportFrameQuery {
  entropyId: string | null;
  entropyIdVerifier: string | null;
  /** NaN when absent or not a whole number. */
  hdWalletIndex: number;
  chainType: string | null;
  width: number | null;
  phraseExport: boolean;
  palette: Partial<Record<ExportPaletteKey, string>>;
  colorScheme: string | null;
  accessToken: string | null;
}

/**
 * The query and hash of the export frame's address, each with its leading `?` or `#` (the hash empty
 * without a token).
 *
 * @example
 * const { search, hash } = encodeExportFrameQuery(query);
 * iframe.src = `${apiUrl}${framePagePath('export', appId)}${search}${hash}`;
 */
export function encodeExportFrameQuery(query: ExportFrameQuery): { search: string; hash: string } {
  const search = new URLSearchParams({
    entropy_id: query.entropyId,
    entropy_id_verifier: query.entropyIdVerifier,
    hd_wallet_index: String(query.hdWalletIndex),
    chain_type: query.chainType,
    width: `${Math.round(query.width)}px`,
    phrase_export: String(query.phraseExport),
  });
  for (const key of exportPaletteKeys) {
    const value = query.palette[key];
    if (value) search.set(key, value);
  }
  search.set('colorScheme', query.colorScheme);
  const hash = query.accessToken === null ? '' : `#${new URLSearchParams({ token: query.accessToken })}`;
  return { search: `?${search}`, hash };
}

/**
 * Reads the export frame's address (`location.search` and `location.hash`).
 *
 * @example
 * const query = decodeExportFrameQuery(location); // then checked field by field
 */
export function decodeExportFrameQuery(location: { search: string; hash: string }): DecodedExportFrameQuery {
  const query = new URLSearchParams(location.search);
  const index = query.get('hd_wallet_index') ?? '0';
  const width = /^(\d{1,5})px$/.exec(query.get('width') ?? '');
  const palette: Partial<Record<ExportPaletteKey, string>> = {};
  for (const key of exportPaletteKeys) {
    const value = query.get(key);
    if (value) palette[key] = value;
  }
  return {
    entropyId: query.get('entropy_id'),
    entropyIdVerifier: query.get('entropy_id_verifier'),
    hdWalletIndex: /^\d{1,10}$/.test(index) ? Number(index) : Number.NaN,
    chainType: query.get('chain_type'),
    width: width ? Number(width[1]) : null,
    phraseExport: query.get('phrase_export') === 'true',
    palette,
    colorScheme: query.get('colorScheme'),
    accessToken: new URLSearchParams(location.hash.slice(1)).get('token') || null,
  };
}
