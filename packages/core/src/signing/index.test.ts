import { describe, expect, it } from 'vitest';
import * as calls from './calls.ts';
import * as signing from './index.ts';

describe('@latchkey/core/signing', () => {
  it('exports exactly this API: the queue and what its screens show', () => {
    expect(Object.keys(signing).sort()).toMatchInlineSnapshot(`
      [
        "SigningCancelledError",
        "createSigningStore",
        "formatAmount",
        "fundingOf",
        "signedCloseMs",
        "signingStore",
      ]
    `);
  });
});

describe('@latchkey/core/signing/calls', () => {
  it('exports exactly this API: the calls, each loaded on first use', () => {
    expect(Object.keys(calls).sort()).toMatchInlineSnapshot(`
      [
        "loadEthereumSigning",
        "loadSigningSession",
        "loadSolanaSigning",
        "solanaWalletActions",
        "withCallbacks",
      ]
    `);
  });
});
