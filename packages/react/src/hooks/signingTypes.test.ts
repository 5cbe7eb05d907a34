import { LatchkeyClientError } from '@latchkey/core';
import { describe, expect, it } from 'vitest';
import { PrivyErrorCode } from '../callbacks.ts';
import { signingErrorCode, withSigningCallbacks } from './signingTypes.ts';

// The signing hooks' callbacks, as the incumbent's: onSuccess with the result, onError with a code.

/** A user's 'Cancel' on the confirmation screen: the EIP-1193 error the promise rejects with. */
const rejected = Object.assign(new Error('The user rejected the request.'), { code: 4001 });

describe('signingErrorCode', () => {
  it("a Latchkey error's own code; anything else the call's fallback", () => {
    expect(
      signingErrorCode(new LatchkeyClientError('must_be_authenticated'), PrivyErrorCode.UNABLE_TO_SIGN),
    ).toBe('must_be_authenticated');
    expect(signingErrorCode(rejected, PrivyErrorCode.UNABLE_TO_SIGN)).toBe('unable_to_sign');
    expect(signingErrorCode(rejected, PrivyErrorCode.TRANSACTION_FAILURE)).toBe('transaction_failure');
    expect(signingErrorCode('not an error', PrivyErrorCode.UNABLE_TO_SIGN)).toBe('unable_to_sign');
  });
});

describe('withSigningCallbacks', () => {
  it('resolves with the result and tells onSuccess', async () => {
    const heard: unknown[] = [];
    const callbacks = {
      current: { onSuccess: (r: { signature: string }) => heard.push(r), onError: () => heard.push('error') },
    };
    await expect(
      withSigningCallbacks(callbacks, PrivyErrorCode.UNABLE_TO_SIGN, async () => ({ signature: '0xab' })),
    ).resolves.toEqual({ signature: '0xab' });
    expect(heard).toEqual([{ signature: '0xab' }]);
  });

  it('rejects with the error itself and tells onError its code', async () => {
    const codes: string[] = [];
    const callbacks = { current: { onError: (code: PrivyErrorCode) => codes.push(code) } };
    await expect(
      withSigningCallbacks(callbacks, PrivyErrorCode.TRANSACTION_FAILURE, () => Promise.reject(rejected)),
    ).rejects.toBe(rejected);
    expect(codes).toEqual(['transaction_failure']);
  });

  it('without callbacks, the promise alone says how it went', async () => {
    await expect(
      withSigningCallbacks({ current: undefined }, PrivyErrorCode.UNABLE_TO_SIGN, () =>
        Promise.reject(rejected),
      ),
    ).rejects.toBe(rejected);
  });
});
