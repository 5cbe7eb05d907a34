/**
 * RFC 8785 (JSON Canonicalization Scheme): object members sorted by their names' UTF-16 code units, no
 * whitespace, strings and numbers as ECMAScript's JSON.stringify writes them (which is what RFC 8785
 * specifies for both). The payload an authorization signature covers is this form of the request
 * (authorization.ts), byte for byte as the incumbent's SDKs produce it with `canonicalize`.
 * Refuses what JSON cannot hold (non-finite numbers, undefined inside arrays, functions, bigints).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON: a number must be finite');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (typeof value === 'object') {
    const members = Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      // Default sort order compares UTF-16 code units, as RFC 8785 §3.2.3 asks.
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`canonical JSON: a ${typeof value} is not JSON`);
}
