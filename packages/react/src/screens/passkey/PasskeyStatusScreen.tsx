import {
  initialPasskeyState,
  type PasskeyScreenEvent,
  type PasskeyScreenState,
  passkeyScreenReducer,
} from '@latchkey/core/modal';
import { useEffect, useReducer, useRef } from 'react';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';

export interface PasskeyStatusScreenProps {
  titleId: string;
  /** One attempt; reports its steps through `dispatch` (the flow: core's modal/passkey.ts). */
  run(dispatch: (event: PasskeyScreenEvent) => void): Promise<void>;
}

/** The title of each state (spec document 1 §2 Login: Passkey). */
export function passkeyStatusText(state: PasskeyScreenState): string {
  if (state.status === 'done') return en.success;
  if (state.status === 'error') return en.somethingWentWrong;
  return en.passkey.waiting;
}

/** 'Waiting for passkey' while the ceremony runs, then 'Success', or 'Something went wrong' with Retry. */
export function PasskeyStatusScreen({ titleId, run }: PasskeyStatusScreenProps) {
  const [state, dispatch] = useReducer(passkeyScreenReducer, initialPasskeyState);
  const started = useRef(-1);
  const mounted = useRef(true);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // One attempt per Retry: the first on mount.
  useEffect(() => {
    if (started.current === state.attempt) return;
    started.current = state.attempt;
    void runRef.current((event) => {
      if (mounted.current) dispatch(event);
    });
  }, [state.attempt]);

  const failed = state.status === 'error';
  const done = state.status === 'done';
  return (
    <section className="lk-screen" data-testid="lk-screen-passkey-status" data-status={state.status}>
      <div className="lk-center" role={failed ? 'alert' : 'status'}>
        {failed || done ? (
          <StatusIcon tone={done ? 'success' : 'error'} />
        ) : (
          <div className="lk-spinner" aria-hidden="true" />
        )}
        <h2 id={titleId} tabIndex={-1} data-testid="lk-passkey-status">
          {passkeyStatusText(state)}
        </h2>
        {failed && state.message && (
          <p className="lk-muted" data-testid="lk-passkey-error">
            {state.message}
          </p>
        )}
      </div>
      {failed && (
        <div className="lk-actions">
          <button
            type="button"
            className="lk-btn lk-btn-primary"
            data-testid="lk-passkey-retry"
            onClick={() => dispatch({ type: 'retry' })}
          >
            {en.retry}
          </button>
        </div>
      )}
    </section>
  );
}
