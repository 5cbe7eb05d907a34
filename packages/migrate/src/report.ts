/** What a run prints: each file's changes (as changed lines, for a dry run), findings, and a summary. */
import type { Finding } from './rewrite.ts';

/** The lines that differ between `before` and `after` (edits never add or remove a line), as `-`/`+` pairs. */
export function changedLines(before: string, after: string): string[] {
  const old = before.split('\n');
  const updated = after.split('\n');
  const lines: string[] = [];
  for (let i = 0; i < Math.max(old.length, updated.length); i++) {
    if (old[i] === updated[i]) continue;
    lines.push(`  ${i + 1} - ${(old[i] ?? '').trim()}`, `  ${i + 1} + ${(updated[i] ?? '').trim()}`);
  }
  return lines;
}

export const findingLine = (file: string, kind: 'warning' | 'error', finding: Finding) =>
  `${file}:${finding.line}${finding.column ? `:${finding.column}` : ''}: ${kind}: ${finding.message}`;

export interface Totals {
  scanned: number;
  changed: number;
  edits: number;
  warnings: number;
  errors: number;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The last line of a run. */
export function summary(totals: Totals, writes: boolean): string {
  const changed = `${plural(totals.changed, 'file')} ${writes ? 'changed' : 'would change'}`;
  return (
    `${changed} (${plural(totals.edits, 'edit')}), ${plural(totals.warnings, 'warning')}, ` +
    `${plural(totals.errors, 'error')}; ${plural(totals.scanned, 'file')} scanned` +
    (writes ? '.' : '; nothing written.')
  );
}
