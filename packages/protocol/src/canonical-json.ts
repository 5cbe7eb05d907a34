/**
 * RFC 8785 (JSON Canonicalization Scheme): object members sorted by their names' UTF-16 code units, no
 * whitespace, strings and numbers as ECMAScript's JSON.stringify writes them (which is what RFC 8785
 * specifies for both). The payload an authorization signature covers is this form of the request,
 * byte for byte as the incumbent's SDKs produce it with the `canonicalize` package: `toJSON` is
 * honoured, members whose value is undefined are left out, an undefined array item is `null`.
 * Refuses what JSON cannot hold (non-finite numbers, bigints, functions).
 *
 * The server checks and `@latchkey/node` makes authorization signatures over it
 * (authorization-payload.ts).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('canonical JSON: a number must be finite');
    return JSON.stringify(value);
  }
  if (typeof value === 'object') {
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === 'function') return canonicalJson(toJSON.call(value));
    if (Array.isArray(value))
      return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      // The default sort compares UTF-16 code units, as RFC 8785 §3.2.3 asks.
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
    return `{${members.join(',')}}`;
  }
  throw new TypeError(`canonical JSON: a ${typeof value} is not JSON`);
}
