import { useEffect, useRef } from 'react';

/** A ref that always holds the latest value, so effects can call fresh callbacks without re-subscribing. */
export function useLatestRef<T>(value: T): { readonly current: T } {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}
