import { describe, expect, it } from 'vitest';
import { defaultKeyIdleMs, maxKeyIdleMs } from './key-cache.ts';
import { keyIdleMs } from './key-idle.ts';

describe('the key idle window from the frame page’s query', () => {
  it('reads whole seconds, 0 included, and caps them', () => {
    expect(keyIdleMs('?caid=x&key_idle_seconds=90')).toBe(90_000);
    expect(keyIdleMs('?key_idle_seconds=0')).toBe(0);
    expect(keyIdleMs('?key_idle_seconds=999999')).toBe(maxKeyIdleMs);
  });

  it('falls back to the default when absent or malformed', () => {
    for (const search of [
      '',
      '?caid=x',
      '?key_idle_seconds=',
      '?key_idle_seconds=-5',
      '?key_idle_seconds=1e9',
    ])
      expect(keyIdleMs(search), search).toBe(defaultKeyIdleMs);
    expect(defaultKeyIdleMs).toBe(300_000);
  });
});
