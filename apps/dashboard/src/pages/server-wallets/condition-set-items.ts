import { type AdminConditionSetItemsRequest, policyLimits } from '@latchkey/protocol';
import { errorPath } from './policy-draft.ts';

/*
 * Values pasted into a condition set, one per line, as the admin API takes them: trimmed, blank
 * lines and repeats dropped, sent in calls of at most 100 (`policyLimits.itemsPerCall`). The
 * server's message about one value (`Invalid items.3.value: …`) is shown with that value.
 */

/** The distinct values of the pasted text, one per line, in order. */
export function itemValues(text: string): string[] {
  const values = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
  return [...new Set(values)];
}

/** The calls that add `values`: at most 100 values each. */
export function itemBatches(values: readonly string[]): AdminConditionSetItemsRequest[] {
  const batches: AdminConditionSetItemsRequest[] = [];
  for (let start = 0; start < values.length; start += policyLimits.itemsPerCall)
    batches.push({
      items: values.slice(start, start + policyLimits.itemsPerCall).map((value) => ({ value })),
    });
  return batches;
}

/** The server's message about a batch, naming the value it is about when it names one. */
export function itemsErrorText(message: string, batch: AdminConditionSetItemsRequest): string {
  const named = errorPath(message);
  const index = named ? /^items\.(\d+)\.value$/.exec(named.path)?.[1] : undefined;
  const value = index === undefined ? undefined : batch.items[Number(index)]?.value;
  if (!named || value === undefined) return message;
  const shown = value.length > 40 ? `${value.slice(0, 40)}…` : value;
  return `“${shown}”: ${named.message}`;
}
