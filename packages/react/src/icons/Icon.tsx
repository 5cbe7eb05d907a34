import type { ReactNode } from 'react';

/*
 * The two kinds of inline icon in the modal, drawn on a 24 × 24 grid and sized by CSS (`.lk-icon`,
 * `.lk-mark`), so they need no request and load with the chunk of the screen that shows them. Every
 * icon sits beside a text or inside a control that has its own label: it is decoration, hidden from
 * assistive technology and out of the tab order (`focusable` is for old Edge/IE SVG focus).
 */

/** A line glyph in the text colour (`currentColor`), from one path's data. */
export function Glyph({ d, children }: { d?: string; children?: ReactNode }) {
  return (
    <svg
      className="lk-icon"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {d ? <path d={d} /> : children}
    </svg>
  );
}

/** A filled mark in its owner's colours (a provider, a wallet, a login method's brand). */
export function Mark({ children }: { children: ReactNode }) {
  return (
    <svg className="lk-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}
