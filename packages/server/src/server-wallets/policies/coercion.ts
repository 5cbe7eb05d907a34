/**
 * How the engine compares a request's field with a condition's value (docs/server-wallet-policies.md
 * "Coercion"; REFERENCES §1.4 left it to Latchkey). A field has a kind, set by where it comes from
 * (an ABI or EIP-712 type, or the field source's own definition), never guessed from its text:
 *
 * - `address` (EVM): compared case-insensitively, so EIP-55 and lower-case spellings match; a
 *   condition value that is not `0x` + 40 hex digits matches nothing.
 * - `quantity`: a uint256, from `0x`-hex or decimal text (the request may also send a JSON number);
 *   a value that does not parse makes the condition false.
 * - `hex` (bytes): compared case-insensitively; `0x` required.
 * - `string`: byte-exact (Solana addresses, function names, message text, …).
 *
 * `gt gte lt lte` compare quantities: a `string` field whose text parses as a quantity is compared
 * as one; otherwise the condition is false. An absent or undecodable field makes every condition on
 * it false, whatever the operator (`neq` and `not_in` included): a rule never fires on what the
 * engine could not see.
 */

export type FieldKind = 'address' | 'quantity' | 'hex' | 'string';

/** A field as the engine saw it in the request. */
export type Seen =
  | { kind: 'address' | 'hex' | 'string'; text: string }
  | { kind: 'quantity'; value: bigint }
  | { kind: 'absent'; note: string };

export const absent = (note = 'absent'): Seen => ({ kind: 'absent', note });

const maxUint256 = (1n << 256n) - 1n;

/** A uint256 from `0x`-hex or decimal text, or a non-negative safe-integer JSON number; else null. */
export function parseQuantity(raw: unknown): bigint | null {
  if (typeof raw === 'number') return Number.isSafeInteger(raw) && raw >= 0 ? BigInt(raw) : null;
  if (typeof raw === 'bigint') return raw >= 0n && raw <= maxUint256 ? raw : null;
  if (typeof raw !== 'string') return null;
  let value: bigint;
  if (/^0x[0-9a-fA-F]{1,64}$/.test(raw)) value = BigInt(raw);
  else if (/^[0-9]{1,78}$/.test(raw)) value = BigInt(raw);
  else return null;
  return value <= maxUint256 ? value : null;
}

const isAddress = (text: string) => /^0x[0-9a-fA-F]{40}$/.test(text);
const isHex = (text: string) => /^0x[0-9a-fA-F]*$/.test(text);

/** A field of `kind` from a request value; what does not fit the kind is undecodable. */
export function seenAs(kind: FieldKind, raw: unknown): Seen {
  if (raw === undefined || raw === null) return absent();
  switch (kind) {
    case 'quantity': {
      const value = parseQuantity(raw);
      return value === null ? absent('not a quantity') : { kind, value };
    }
    case 'address':
      return typeof raw === 'string' && isAddress(raw) ? { kind, text: raw } : absent('not an address');
    case 'hex':
      return typeof raw === 'string' && isHex(raw) ? { kind, text: raw } : absent('not hex');
    case 'string':
      if (typeof raw === 'string') return { kind, text: raw };
      if (typeof raw === 'number' || typeof raw === 'bigint' || typeof raw === 'boolean')
        return { kind, text: String(raw) };
      return absent('not a string');
  }
}

/**
 * The comparable form of a condition value (or a condition-set item) for a field of `kind`, or
 * null when it does not fit the kind (and so matches nothing).
 */
function normalise(kind: Exclude<Seen['kind'], 'absent'>, value: string): string | bigint | null {
  switch (kind) {
    case 'quantity':
      return parseQuantity(value);
    case 'address':
      return isAddress(value) ? value.toLowerCase() : null;
    case 'hex':
      return isHex(value) ? value.toLowerCase() : null;
    case 'string':
      return value;
  }
}

/** The field's comparable form. */
function own(seen: Exclude<Seen, { kind: 'absent' }>): string | bigint {
  if (seen.kind === 'quantity') return seen.value;
  return seen.kind === 'string' ? seen.text : seen.text.toLowerCase();
}

/** The field's text as shown and as `contains`/`starts_with`/`ends_with` read it. */
export function seenText(seen: Seen): string | null {
  if (seen.kind === 'absent') return null;
  if (seen.kind === 'quantity') return seen.value.toString();
  return seen.text;
}

export interface Comparison {
  result: boolean;
  note?: string;
}

/** Where `in_condition_set` finds a set's values (null: no such set). */
export type ConditionSetLookup = (id: string) => readonly string[] | null;

/**
 * Whether `seen` satisfies `operator value`. Every unparsable value makes the condition false
 * (`not_in` too: a list the engine cannot read proves nothing); a condition set's items that do not
 * fit the field's kind simply never match.
 */
export function compare(
  seen: Seen,
  operator: string,
  value: string | readonly string[],
  sets: ConditionSetLookup,
): Comparison {
  if (seen.kind === 'absent') return { result: false, note: seen.note };
  const mine = own(seen);
  const equals = (other: string): boolean | null => {
    const theirs = normalise(seen.kind, other);
    return theirs === null ? null : theirs === mine;
  };
  const single = (): string | null => (typeof value === 'string' ? value : null);
  const list = (): readonly string[] | null => (Array.isArray(value) ? value : null);
  const invalid = (note: string): Comparison => ({ result: false, note });

  switch (operator) {
    case 'eq':
    case 'neq': {
      const v = single();
      const equal = v === null ? null : equals(v);
      if (equal === null) return invalid('value does not parse for this field');
      return { result: operator === 'eq' ? equal : !equal };
    }
    case 'in':
    case 'not_in': {
      const values = list();
      if (values === null) return invalid('value is not a list');
      const results = values.map(equals);
      if (results.includes(null)) return invalid('a value does not parse for this field');
      const found = results.includes(true);
      return { result: operator === 'in' ? found : !found };
    }
    case 'in_condition_set':
    case 'not_in_condition_set': {
      const v = single();
      const items = v === null ? null : sets(v);
      if (items === null) return invalid('no such condition set');
      const found = items.some((item) => equals(item) === true);
      return { result: operator === 'in_condition_set' ? found : !found };
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const left =
        seen.kind === 'quantity' ? seen.value : seen.kind === 'string' ? parseQuantity(seen.text) : null;
      const v = single();
      const right = v === null ? null : parseQuantity(v);
      if (left === null) return invalid('field is not a quantity');
      if (right === null) return invalid('value is not a quantity');
      const result =
        operator === 'gt'
          ? left > right
          : operator === 'gte'
            ? left >= right
            : operator === 'lt'
              ? left < right
              : left <= right;
      return { result };
    }
    case 'contains':
    case 'starts_with':
    case 'ends_with': {
      const v = single();
      if (v === null) return invalid('value is not a string');
      // Case-insensitive kinds compare lower-cased on both sides, as equality does.
      const text = seen.kind === 'quantity' ? seen.value.toString() : String(mine);
      const needle = seen.kind === 'address' || seen.kind === 'hex' ? v.toLowerCase() : v;
      const result =
        operator === 'contains'
          ? text.includes(needle)
          : operator === 'starts_with'
            ? text.startsWith(needle)
            : text.endsWith(needle);
      return { result };
    }
    default:
      return invalid('unknown operator');
  }
}

/** Long values shortened for traces and errors: the start, the end and the length. */
export function redact(text: string): string {
  if (text.length <= 80) return text;
  return `${text.slice(0, 40)}…${text.slice(-12)} (${text.length} chars)`;
}
