import type { CodeSubmitResult } from '@latchkey/core/modal';
import { useEffect, useReducer, useRef } from 'react';
import { en } from '../copy/en.ts';
import { codeInputReducer, codeOf, initialCodeInput, isCodeComplete } from './codeInputReducer.ts';
import { FieldError } from './FieldError.tsx';

/** 'ok' marks the boxes as accepted, 'left' means the flow moved on, a message shakes and resets. */
export type { CodeSubmitResult };

/** A rejected code shakes, then the boxes empty after this long (spec document 1 §4 Code entry). */
export const codeResetDelayMs = 1400;

export interface CodeInputProps {
  onComplete(code: string): Promise<CodeSubmitResult>;
  labelledBy: string;
  /** Entry refused (too many wrong codes): the boxes are empty and disabled until unlocked. */
  disabled?: boolean;
}

/** Six single-digit boxes; submits by itself once all are filled. */
export function CodeInput({ onComplete, labelledBy, disabled = false }: CodeInputProps) {
  const [state, dispatch] = useReducer(codeInputReducer, undefined, initialCodeInput);
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const onCompleteRef = useRef(onComplete);
  onCompleteRef.current = onComplete;

  // After a reset the focus index may not change, yet the first box must take focus again.
  // biome-ignore lint/correctness/useExhaustiveDependencies: digits is a trigger
  useEffect(() => {
    if (!disabled) boxes.current[state.focus]?.focus();
  }, [state.focus, state.digits, disabled]);

  useEffect(() => {
    if (state.status !== 'idle' || !isCodeComplete(state)) return;
    dispatch({ type: 'submit' });
    onCompleteRef.current(codeOf(state)).then((result) => {
      if (result === 'ok') dispatch({ type: 'succeed' });
      else if (typeof result === 'object' && 'message' in result)
        dispatch({ type: 'fail', message: result.message });
      // Locked: the screen says so; the boxes empty for the next code.
      else if (typeof result === 'object') dispatch({ type: 'reset' });
    });
  }, [state]);

  useEffect(() => {
    if (state.status !== 'error') return;
    const timer = setTimeout(() => dispatch({ type: 'reset' }), codeResetDelayMs);
    return () => clearTimeout(timer);
  }, [state.status]);

  const locked = state.status === 'submitting' || state.status === 'success';
  return (
    <>
      <fieldset
        className={state.status === 'error' ? 'lk-code lk-shake' : 'lk-code'}
        data-status={state.status}
        aria-labelledby={labelledBy}
        aria-busy={state.status === 'submitting' || undefined}
        disabled={disabled || undefined}
      >
        {state.digits.map((digit, index) => (
          <input
            // The boxes never reorder: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: fixed six boxes
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="lk-digit"
            data-testid={`lk-code-digit-${index}`}
            data-lk-autofocus={index === 0 || undefined}
            value={digit}
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            aria-label={en.codeDigitLabel(index + 1)}
            aria-invalid={state.status === 'error' || undefined}
            readOnly={locked}
            onFocus={() => dispatch({ type: 'focus', index })}
            onChange={(event) => dispatch({ type: 'input', index, value: event.target.value })}
            onPaste={(event) => {
              event.preventDefault();
              dispatch({ type: 'paste', index, text: event.clipboardData.getData('text') });
            }}
            onKeyDown={(event) => {
              if (event.key === 'Backspace') {
                event.preventDefault();
                dispatch({ type: 'backspace', index });
              } else if (event.key === 'ArrowLeft') {
                event.preventDefault();
                dispatch({ type: 'focus', index: index - 1 });
              } else if (event.key === 'ArrowRight') {
                event.preventDefault();
                dispatch({ type: 'focus', index: index + 1 });
              }
            }}
          />
        ))}
      </fieldset>
      <FieldError message={state.error} />
    </>
  );
}
