import { createTimers, type FlowTimers } from '../timers.ts';

/**
 * The clock of every funding poll: a first read after `startMs`, then one every `everyMs` until the
 * state says done or the screen stops it. Reads never overlap (the next is scheduled when one ends),
 * and a stop during a read drops its result. Time comes from `timers` (the modal's flow timers, so
 * closing the modal clears them; a fake in tests).
 */
export interface PollingParameters<S> {
  initial: S;
  startMs: number;
  everyMs: number;
  /** One read and the state after it; must not reject (a failed read is an event of the state machine). */
  read: (state: S) => Promise<S>;
  done: (state: S) => boolean;
  onState?: ((state: S) => void) | undefined;
  timers?: FlowTimers | undefined;
}

export interface Polling<S> {
  readonly state: S;
  /** Resolves with the state that ended the polling, or the state at `stop()`. */
  readonly finished: Promise<S>;
  stop(): void;
}

export function startPolling<S>({
  initial,
  startMs,
  everyMs,
  read,
  done,
  onState,
  timers = createTimers(),
}: PollingParameters<S>): Polling<S> {
  let state = initial;
  let stopped = false;
  let finish: (state: S) => void = () => {};
  const finished = new Promise<S>((resolve) => {
    finish = resolve;
  });
  const end = () => {
    stopped = true;
    finish(state);
  };
  const tick = async () => {
    if (stopped) return;
    const next = await read(state);
    if (stopped) return;
    state = next;
    onState?.(state);
    if (done(state)) end();
    else timers.later(everyMs, () => void tick());
  };
  if (done(state)) end();
  else timers.later(startMs, () => void tick());
  return {
    get state() {
      return state;
    },
    finished,
    stop: end,
  };
}
