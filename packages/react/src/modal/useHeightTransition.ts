import { type RefObject, useLayoutEffect } from 'react';

/** How long the dialog takes to follow its content's height. */
export const heightTransitionMs = 200;

/**
 * The dialog sizes to its content (CSS: `height: fit-content`, the content capped at the spec's
 * heights); a height cannot transition to or from `auto`, so this animates the dialog from the height
 * it showed to the content's new one whenever the content resizes (a new screen, details opening).
 * The content is laid out at its final height at once; the dialog (overflow hidden) catches up. When
 * the content unmounts (the dialog closing), the dialog keeps its last height while it fades out,
 * rather than collapsing. No animation when the user asks for reduced motion.
 */
export function useHeightTransition(content: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = content.current;
    const box = element?.parentElement;
    if (!element || !box) return;
    box.style.height = '';
    if (typeof ResizeObserver === 'undefined') return;
    let shown = element.offsetHeight;
    let animation: Animation | null = null;
    const observer = new ResizeObserver(() => {
      const next = element.offsetHeight;
      if (next === shown) return;
      // Mid-animation the dialog is somewhere between two heights: go on from there.
      const from = animation?.playState === 'running' ? box.offsetHeight : shown;
      shown = next;
      animation?.cancel();
      animation = null;
      if (from === 0 || next === 0 || from === next || prefersReducedMotion()) return;
      animation = box.animate([{ height: `${from}px` }, { height: `${next}px` }], {
        duration: heightTransitionMs,
        easing: 'ease',
      });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      animation?.cancel();
      box.style.height = `${shown}px`;
    };
  }, [content]);
}

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
