import { describe, expect, it } from 'vitest';
import { popupMarker, readOAuthReturn, withoutOAuthReturn } from './return-params.ts';

const back =
  'https://app.example.com/play?tab=2&privy_oauth_code=c0de&privy_oauth_state=st&privy_oauth_provider=github#top';

describe('the OAuth return in a page address', () => {
  it('reads the code, state and provider the server added', () => {
    expect(readOAuthReturn(back)).toEqual({ code: 'c0de', state: 'st', provider: 'github' });
  });

  it('is null without a code, and for an address that is no URL', () => {
    expect(readOAuthReturn('https://app.example.com/?privy_oauth_state=st')).toBeNull();
    expect(readOAuthReturn('not a url')).toBeNull();
  });

  it("reads a denial's literal 'undefined' as the code, and a missing state as empty", () => {
    expect(readOAuthReturn('https://a.example/?privy_oauth_code=undefined')).toEqual({
      code: 'undefined',
      state: '',
      provider: '',
    });
  });

  it('leaves the address as it was without the OAuth parameters and the popup marker', () => {
    expect(withoutOAuthReturn(back)).toBe('https://app.example.com/play?tab=2#top');
    expect(withoutOAuthReturn(`https://a.example/?${popupMarker}=1&x=1`)).toBe('https://a.example/?x=1');
  });
});
