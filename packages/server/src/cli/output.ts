/*
 * Human output: short `key: value` blocks and tables. `--json` prints the JSON value instead
 * (command.ts), so scripts never parse these.
 */

const bold = (text: string) =>
  process.stdout.isTTY && !process.env.NO_COLOR ? `\u001b[1m${text}\u001b[0m` : text;

/** A value as one line of text. */
export function show(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length ? value.map(show).join(', ') : '-';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `key: value` lines, the values aligned. */
export function fields(rows: [string, unknown][]): string {
  const width = Math.max(0, ...rows.map(([key]) => key.length)) + 2;
  return rows.map(([key, value]) => `${`${key}:`.padEnd(width)}${show(value)}`).join('\n');
}

/** A secret printed once: set apart, in bold on a terminal, with what to do with it. */
export function secretLines(label: string, secret: string): string {
  return ['', `${label} (shown once, store it now; only its hash is kept):`, `  ${bold(secret)}`].join('\n');
}

/** A table with a header; `empty` when there are no rows. */
export function table(rows: object[], columns: string[], empty = '(none)'): string {
  if (rows.length === 0) return empty;
  const cells = rows.map((row) => columns.map((c) => show((row as Record<string, unknown>)[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => (i === values.length - 1 ? v : v.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(columns.map((c) => c.toUpperCase())), ...cells.map(line)].join('\n');
}

/** A Unix time as an ISO date-time (UTC, to the second). */
export const time = (seconds: number | null | undefined): string =>
  seconds ? new Date(seconds * 1000).toISOString().replace('.000Z', 'Z') : '-';
