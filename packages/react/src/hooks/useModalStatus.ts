import { useCallback, useSyncExternalStore } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';

/**
 * Whether the Latchkey modal is on screen; the incumbent's `useModalStatus`.
 *
 * @example
 * const { isOpen } = useModalStatus();
 * return <main inert={isOpen}>…</main>;
 */
export function useModalStatus(): { isOpen: boolean } {
  const { events, isModalOpen } = useLatchkeyContext();
  const subscribe = useCallback((listener: () => void) => events.on('modalStatus', listener), [events]);
  const isOpen = useSyncExternalStore(subscribe, isModalOpen, isModalOpen);
  return { isOpen };
}
