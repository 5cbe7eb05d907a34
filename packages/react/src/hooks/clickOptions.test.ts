import { describe, expect, it } from 'vitest';
import { optionsOf } from './clickOptions.ts';

// `onClick={createWallet}` hands the method a click event where its options go: it counts as none.

describe('optionsOf', () => {
  it("the options an app passed, and none for React's or the DOM's click event", () => {
    expect(optionsOf({ address: '0xab' })).toEqual({ address: '0xab' });
    expect(optionsOf(undefined)).toBeUndefined();
    // React's synthetic event carries the DOM's as `nativeEvent`.
    expect(optionsOf({ nativeEvent: {}, type: 'click' } as never)).toBeUndefined();
    expect(optionsOf(new Event('click'))).toBeUndefined();
  });
});
