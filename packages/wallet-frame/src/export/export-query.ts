import {
  type ChainType,
  chainType,
  type EntropyRef,
  entropyRef,
  hdWalletIndex,
} from '../frame/request-data.ts';

/** What the export frame was asked to show (WIRE §6, key-export frame, `v=1`). */
export interface ExportQuery {
  ref: EntropyRef;
  chain: ChainType;
  index: number;
  /** Offer the seed phrase too (HD wallets). */
  phraseExport: boolean;
  /** Null in cookie mode: the frame's requests then carry the session cookie. */
  accessToken: string | null;
}

/**
 * Reads the page URL: the wallet from the query, the access token from the hash (`#token=…`), which
 * browsers never send to a server or put in a Referer. An app in cookie mode sends no token.
 */
export function readExportQuery(location: Location): ExportQuery {
  const query = new URLSearchParams(location.search);
  const index = query.get('hd_wallet_index') ?? '0';
  const data = {
    entropyId: query.get('entropy_id'),
    entropyIdVerifier: query.get('entropy_id_verifier'),
    chainType: query.get('chain_type'),
    hdWalletIndex: /^\d{1,10}$/.test(index) ? Number(index) : Number.NaN,
  };
  const accessToken = new URLSearchParams(location.hash.slice(1)).get('token') || null;
  return {
    ref: entropyRef(data),
    chain: chainType(data),
    index: hdWalletIndex(data),
    phraseExport: query.get('phrase_export') === 'true',
    accessToken,
  };
}
