/** An Ethereum address or hash in hex (20 or 32 bytes), or a Solana public key or signature in base58. */
const addressOrHash = /^(?:0x(?:[0-9a-fA-F]{40}|[0-9a-fA-F]{64})|[1-9A-HJ-NP-Za-km-z]{32,88})$/;

/** Whether a value is an address or hash (shortened), rather than a name, an email or an amount (kept whole). */
export function isAddressOrHash(value: string): boolean {
  return addressOrHash.test(value);
}

/** A long value cut in the middle: what shows before and after the ellipsis, and what it hides. */
export interface ShortenedParts {
  head: string;
  /** Hidden from sight (an ellipsis shows instead); empty when the value is short enough. */
  middle: string;
  tail: string;
}

/**
 * Splits an address or hash for a middle ellipsis, `0x1234…abcd`: the `0x` prefix and `keep`
 * characters before the cut, `keep` after. A value that would lose fewer than two characters shows
 * whole (the ellipsis would save nothing).
 *
 * @example
 * shortenMiddle('0x52908400098527886E0F7030069857D2E4169EE7')
 * // { head: '0x5290', middle: '8400098527886E0F7030069857D2E416', tail: '9EE7' }: shows 0x5290…9EE7
 */
export function shortenMiddle(value: string, keep = 4): ShortenedParts {
  const headLength = (/^0x/i.test(value) ? 2 : 0) + keep;
  if (value.length < headLength + keep + 2) return { head: value, middle: '', tail: '' };
  return {
    head: value.slice(0, headLength),
    middle: value.slice(headLength, value.length - keep),
    tail: value.slice(value.length - keep),
  };
}
