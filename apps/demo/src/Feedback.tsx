import { useState } from 'react';
import type { Outcome, Run } from './actions.ts';

interface FeedbackState {
  label: string;
  phase: 'busy' | 'done' | 'failed';
  message?: string;
}

/**
 * A card's feedback on its own buttons: `act(label, name, action)` marks the card busy while the
 * action runs, then says it worked or why not, next to the buttons (the login card's 'Last result'
 * says it too, for the whole page).
 */
export function useFeedback(run: Run) {
  const [state, setState] = useState<FeedbackState | null>(null);
  const act = (label: string, name: string, action: () => unknown) => async (): Promise<Outcome> => {
    setState({ label, phase: 'busy' });
    const outcome = await run(name, action)();
    setState(outcome.ok ? { label, phase: 'done' } : { label, phase: 'failed', message: outcome.message });
    return outcome;
  };
  return { act, busy: state?.phase === 'busy', state };
}

/** What the card's last action is doing or did, in words. */
export function Feedback({ state, testId }: { state: FeedbackState | null; testId: string }) {
  if (!state) return null;
  const text =
    state.phase === 'busy'
      ? `${state.label}…`
      : state.phase === 'done'
        ? `${state.label}: done.`
        : `${state.label} failed: ${state.message}`;
  return (
    <p
      className={`feedback ${state.phase}`}
      data-testid={testId}
      data-phase={state.phase}
      role={state.phase === 'failed' ? 'alert' : 'status'}
    >
      {text}
    </p>
  );
}
