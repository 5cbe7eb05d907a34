import { describe, expect, it } from 'vitest';
import { itemBatches, itemsErrorText, itemValues } from './condition-set-items.ts';

describe('condition set items', () => {
  it('reads one value a line, trimmed, without blank lines or repeats', () => {
    expect(itemValues(' 0xa \r\n\n0xb\n0xa\n  \n')).toEqual(['0xa', '0xb']);
    expect(itemValues('')).toEqual([]);
  });

  it('sends at most 100 values a call', () => {
    const values = Array.from({ length: 230 }, (_, i) => `v${i}`);
    const batches = itemBatches(values);
    expect(batches.map((b) => b.items.length)).toEqual([100, 100, 30]);
    expect(batches[2]?.items[0]).toEqual({ value: 'v200' });
    expect(itemBatches([])).toEqual([]);
  });

  it("names the value the server's message is about", () => {
    const batch = { items: [{ value: '0xa' }, { value: 'x'.repeat(600) }] };
    expect(
      itemsErrorText('Invalid items.1.value: Too big: expected string to have <=512 characters', batch),
    ).toBe(`“${'x'.repeat(40)}…”: Too big: expected string to have <=512 characters`);
    expect(itemsErrorText('Invalid items.0.value: too short', batch)).toBe('“0xa”: too short');
    expect(itemsErrorText('A condition set holds at most 10000 items.', batch)).toBe(
      'A condition set holds at most 10000 items.',
    );
  });
});
