import { type DecodedExportFrameQuery, decodeExportFrameQuery } from '@latchkey/protocol';
import {
  type ChainType,
  chainType,
  type EntropyRef,
  entropyRef,
  hdWalletIndex,
  type RequestData,
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
export function readExportQuery(location: Pick<Location, 'search' | 'hash'>): ExportQuery {
  // Decoded by protocol's codec (the host encodes with it), then checked as any request's data is.
  const data: RequestData & DecodedExportFrameQuery = { ...decodeExportFrameQuery(location) };
  return {
    ref: entropyRef(data),
    chain: chainType(data),
    index: hdWalletIndex(data),
    phraseExport: data.phraseExport,
    accessToken: data.accessToken,
  };
}
