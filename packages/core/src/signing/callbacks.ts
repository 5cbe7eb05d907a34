/** The optional callbacks every signing call of a UI takes (as the incumbent's hooks do). */
export interface SigningCallbacks<Result> {
  onSuccess?: (result: Result) => void;
  /** With the error the call also rejects with (4001 'The user rejected the request.' on cancel). */
  onError?: (error: unknown) => void;
}

/** Runs `action`, telling the latest callbacks how it went; the promise settles the same way. */
export async function withCallbacks<Result>(
  callbacks: { readonly current: SigningCallbacks<Result> },
  action: () => Promise<Result>,
): Promise<Result> {
  try {
    const result = await action();
    callbacks.current.onSuccess?.(result);
    return result;
  } catch (error) {
    callbacks.current.onError?.(error);
    throw error;
  }
}
