import { type CSSProperties, createElement, type ReactNode, useCallback, useState } from 'react';
import type { createPortal } from 'react-dom';
import { adoptSheet, ModalRootContext } from '../components/modalRoot.ts';
import { modalCss } from './styles.ts';
import { type ModalTheme, themeStyle } from './theme.ts';

/** The host element's tag: the page's one handle on the modal (docs/theming.md sets `--lk-*` on it). */
export const modalHostTag = 'latchkey-modal';

export interface ModalHostProps {
  theme: ModalTheme;
  /** In the page's flow and inert (a preview), rather than a dialog in the top layer. */
  inline?: boolean;
  /** `data-testid` of the host element. */
  testId?: string;
  /**
   * react-dom's `createPortal`, passed in by the caller: the modal's chunk imports nothing from
   * react-dom itself, else bundlers split react-dom's index out of the app's first-load file to share
   * it (0.6 KB gzip more at first load, bench/bundle).
   */
  portal: typeof createPortal;
  children: ReactNode;
}

/**
 * The modal's host: a `<latchkey-modal>` element with an open shadow root, in which the modal's
 * stylesheet is adopted and its content rendered (a portal, so context and events flow as usual).
 * Open rather than closed: the page's scripts share the realm anyway, so closing hides nothing from
 * them, while an open root lets test tools (Playwright's locators, axe-core) and extensions see in.
 * The theme's scheme and custom properties sit on the host, where the page's CSS may override them
 * (docs/theming.md); everything else the page sets stops at the root's reset (`:host{all:initial}`).
 */
export function ModalHost({ theme, inline = false, testId, portal, children }: ModalHostProps) {
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  const attach = useCallback((host: HTMLElement | null) => {
    if (!host) return;
    const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
    adoptSheet(shadow, modalCss);
    setRoot(shadow);
  }, []);
  return createElement(
    modalHostTag,
    {
      ref: attach,
      'data-theme': theme.scheme,
      'data-inline': inline ? '' : undefined,
      'data-testid': testId,
      // A preview is a picture of the modal: nothing in it takes focus or clicks.
      inert: inline ? true : undefined,
      style: themeStyle(theme) as CSSProperties,
    },
    root && portal(<ModalRootContext.Provider value={root}>{children}</ModalRootContext.Provider>, root),
  );
}
