import { limits } from '@latchkey/protocol';
import { en } from '../copy/en.ts';

/** Six boxes, one digit each (spec document 1 §4 Code entry). */
export const codeLength = limits.verificationCodeLength;

export interface CodeInputState {
  digits: string[];
  /** The box that should hold focus. */
  focus: number;
  /** Inline message (validation or a rejected code). */
  error: string | null;
  status: 'idle' | 'submitting' | 'error' | 'success';
}

export type CodeInputAction =
  /** The new value of box `index` as the browser reports it (one key, or autofill). */
  | { type: 'input'; index: number; value: string }
  | { type: 'backspace'; index: number }
  | { type: 'paste'; index: number; text: string }
  | { type: 'focus'; index: number }
  | { type: 'submit' }
  | { type: 'fail'; message: string }
  /** After a failure's shake: empty boxes, no message, focus on the first. */
  | { type: 'reset' }
  | { type: 'succeed' };

export function initialCodeInput(): CodeInputState {
  return { digits: Array<string>(codeLength).fill(''), focus: 0, error: null, status: 'idle' };
}

export const codeOf = (state: CodeInputState): string => state.digits.join('');
export const isCodeComplete = (state: CodeInputState): boolean => state.digits.every((d) => d.length === 1);

const clamp = (index: number) => Math.min(Math.max(index, 0), codeLength - 1);

/** Spreads digits over the boxes from `start`; a full code always fills from the first box. */
function fill(state: CodeInputState, start: number, text: string): CodeInputState {
  const digits = text.replace(/\s+/g, '');
  if (digits === '') return state;
  if (!/^\d+$/.test(digits)) return { ...state, error: en.codeNotNumeric };
  if (digits.length > codeLength) return { ...state, error: en.codeLength };
  const from = digits.length === codeLength ? 0 : start;
  const next = [...state.digits];
  for (let i = 0; i < digits.length && from + i < codeLength; i++) next[from + i] = digits[i]!;
  return { ...state, digits: next, focus: clamp(from + digits.length), error: null, status: 'idle' };
}

/**
 * The code boxes as a pure reducer: typing advances, backspace on an empty box clears the one
 * before, a pasted full code fills every box, non-digits are refused with 'Code should be numeric'.
 *
 * @example
 * let s = initialCodeInput();
 * s = codeInputReducer(s, { type: 'paste', index: 0, text: '123 456' });
 * codeOf(s) // '123456'
 */
export function codeInputReducer(state: CodeInputState, action: CodeInputAction): CodeInputState {
  const locked = state.status === 'submitting' || state.status === 'success';
  switch (action.type) {
    case 'focus':
      return { ...state, focus: clamp(action.index) };
    case 'input': {
      if (locked) return state;
      const value = action.value.replace(/\s+/g, '');
      const old = state.digits[action.index] ?? '';
      if (value === '') {
        const digits = [...state.digits];
        digits[action.index] = '';
        return { ...state, digits, focus: action.index, error: null, status: 'idle' };
      }
      // Typing into a filled box gives old + new (or new + old): keep the new key.
      const typed = value.length === 2 && old && value.includes(old) ? value.replace(old, '') : value;
      if (typed.length === 1) {
        if (!/^\d$/.test(typed)) return { ...state, error: en.codeNotNumeric };
        const digits = [...state.digits];
        digits[action.index] = typed;
        return { ...state, digits, focus: clamp(action.index + 1), error: null, status: 'idle' };
      }
      return fill(state, action.index, typed);
    }
    case 'paste':
      return locked ? state : fill(state, action.index, action.text);
    case 'backspace': {
      if (locked) return state;
      const digits = [...state.digits];
      if (digits[action.index]) {
        digits[action.index] = '';
        return { ...state, digits, focus: action.index, error: null, status: 'idle' };
      }
      const previous = clamp(action.index - 1);
      digits[previous] = '';
      return { ...state, digits, focus: previous, error: null, status: 'idle' };
    }
    case 'submit':
      return { ...state, status: 'submitting', error: null };
    case 'fail':
      return { ...state, status: 'error', error: action.message };
    case 'reset':
      return initialCodeInput();
    case 'succeed':
      return { ...state, status: 'success', error: null };
  }
}
