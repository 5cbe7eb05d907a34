import { useEffect, useState } from 'react';
import { en } from '../copy/en.ts';

/** How long the label reads 'Copied' (spec document 2 §9: copy confirmation 1.5 s or 3 s). */
export const copiedMs = 1500;

export interface CopyButtonProps {
  /** What goes to the clipboard, in full. */
  text: string;
  label: string;
  testId: string;
}

/** Copies `text`; the label reads 'Copied' for 1.5 s. */
export function CopyButton({ text, label, testId }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), copiedMs);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="lk-btn-link lk-copy"
      data-testid={testId}
      onClick={() => {
        navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => undefined,
        );
      }}
    >
      {copied ? en.signingScreens.copied : label}
    </button>
  );
}
