import { describe, expect, it } from 'vitest';
import {
  type CodeInputAction,
  codeInputReducer,
  codeOf,
  initialCodeInput,
  isCodeComplete,
} from './codeInputReducer.ts';

const run = (...actions: CodeInputAction[]) => actions.reduce(codeInputReducer, initialCodeInput());
const type = (index: number, value: string): CodeInputAction => ({ type: 'input', index, value });

describe('codeInputReducer', () => {
  it('starts with six empty boxes, focus on the first', () => {
    const state = initialCodeInput();
    expect(state.digits).toEqual(['', '', '', '', '', '']);
    expect(state.focus).toBe(0);
    expect(isCodeComplete(state)).toBe(false);
  });

  it('advances focus as digits are typed, and is complete after six', () => {
    const partial = run(type(0, '1'), type(1, '2'));
    expect(partial.focus).toBe(2);
    const full = run(type(0, '1'), type(1, '2'), type(2, '3'), type(3, '4'), type(4, '5'), type(5, '6'));
    expect(codeOf(full)).toBe('123456');
    expect(isCodeComplete(full)).toBe(true);
    expect(full.focus).toBe(5);
  });

  it("refuses a non-digit with 'Code should be numeric'", () => {
    const state = run(type(0, '1'), type(1, 'a'));
    expect(state.digits[1]).toBe('');
    expect(state.error).toBe('Code should be numeric');
    expect(run(type(0, '1'), type(1, 'a'), type(1, '2')).error).toBeNull();
  });

  it('replaces a filled box with the new key', () => {
    expect(run(type(0, '1'), { type: 'focus', index: 0 }, type(0, '17')).digits[0]).toBe('7');
    expect(run(type(0, '1'), { type: 'focus', index: 0 }, type(0, '71')).digits[0]).toBe('7');
  });

  it('fills every box from a pasted full code, whatever the box and spacing', () => {
    const state = run({ type: 'paste', index: 3, text: ' 123 456 ' });
    expect(codeOf(state)).toBe('123456');
    expect(state.focus).toBe(5);
    // Autofill arrives as an input event carrying the whole code.
    expect(codeOf(run(type(0, '654321')))).toBe('654321');
  });

  it('fills from the box when part of a code is pasted', () => {
    expect(run({ type: 'paste', index: 2, text: '12' }).digits).toEqual(['', '', '1', '2', '', '']);
  });

  it('refuses pasted letters and too many digits', () => {
    expect(run({ type: 'paste', index: 0, text: '12a456' })).toMatchObject({
      error: 'Code should be numeric',
      digits: ['', '', '', '', '', ''],
    });
    expect(run({ type: 'paste', index: 0, text: '1234567' }).error).toBe(
      'Passcode must be exactly 6 numbers',
    );
  });

  it('backspace clears the box, or the previous one when empty', () => {
    const typed = run(type(0, '1'), type(1, '2'));
    expect(typed.focus).toBe(2);
    const cleared = codeInputReducer(typed, { type: 'backspace', index: 2 });
    expect(cleared.digits).toEqual(['1', '', '', '', '', '']);
    expect(cleared.focus).toBe(1);
    const own = codeInputReducer(typed, { type: 'backspace', index: 1 });
    expect(own.digits).toEqual(['1', '', '', '', '', '']);
    expect(own.focus).toBe(1);
    expect(codeInputReducer(initialCodeInput(), { type: 'backspace', index: 0 }).focus).toBe(0);
  });

  it('locks while submitting; a failure shows its message, then resets to empty boxes', () => {
    const full = run({ type: 'paste', index: 0, text: '123456' });
    const submitting = codeInputReducer(full, { type: 'submit' });
    expect(submitting.status).toBe('submitting');
    expect(codeInputReducer(submitting, type(0, '9'))).toBe(submitting);
    const failed = codeInputReducer(submitting, { type: 'fail', message: 'Invalid credentials.' });
    expect(failed).toMatchObject({ status: 'error', error: 'Invalid credentials.' });
    const reset = codeInputReducer(failed, { type: 'reset' });
    expect(reset).toMatchObject({ status: 'idle', focus: 0, error: null });
    expect(codeOf(reset)).toBe('');
  });

  it('clamps focus moves to the six boxes', () => {
    expect(run({ type: 'focus', index: -1 }).focus).toBe(0);
    expect(run({ type: 'focus', index: 9 }).focus).toBe(5);
  });
});
