/**
 * The shadow root the modal renders in, and its stylesheets. The modal lives in a shadow root so the
 * host page's CSS cannot reach it (element selectors, `*` rules, `!important` resets do not cross the
 * boundary); its own sheets are adopted there, never added to the page.
 */
import { createContext, useContext, useLayoutEffect } from 'react';

/** The modal's shadow root; null outside one (server rendering, unit tests). */
export const ModalRootContext = createContext<ShadowRoot | null>(null);

/** The shadow root the calling screen renders in, to find its own elements (`root.querySelector`). */
export const useModalRoot = (): ShadowRoot | null => useContext(ModalRootContext);

/** One parsed sheet per text, shared by every root that adopts it (the modal and a preview). */
const sheets = new Map<string, CSSStyleSheet>();

/**
 * Adds a stylesheet to a shadow root once: a constructable sheet where the browser has them (shared,
 * parsed once), else a <style> element inside the root.
 */
export function adoptSheet(root: ShadowRoot, css: string): void {
  if (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    'replaceSync' in CSSStyleSheet.prototype
  ) {
    let sheet = sheets.get(css);
    if (!sheet) {
      sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      sheets.set(css, sheet);
    }
    if (!root.adoptedStyleSheets.includes(sheet))
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  for (const style of root.querySelectorAll('style')) if (style.textContent === css) return;
  const style = document.createElement('style');
  style.textContent = css;
  root.prepend(style);
}

/** Adopts a screen family's extra sheet (signing, MFA) into the modal's root before the screen paints. */
export function useModalSheet(css: string): void {
  const root = useModalRoot();
  useLayoutEffect(() => {
    if (root) adoptSheet(root, css);
  }, [root, css]);
}
