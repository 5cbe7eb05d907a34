import { useState } from 'react';

/** Copies `text`, and says so for a moment; where the clipboard is refused, says that instead. */
export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  return (
    <button
      type="button"
      className="secondary small"
      aria-label={`${label}: ${text.length > 60 ? `${text.slice(0, 60)}…` : text}`}
      onClick={async () => {
        try {
          await navigator.clipboard.writeText(text);
          setState('copied');
        } catch {
          setState('failed');
        }
        setTimeout(() => setState('idle'), 1500);
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select to copy' : label}
    </button>
  );
}

/**
 * A long value (a wallet address, a user id) on one line, cut with an ellipsis where the width
 * runs out (the whole value in its title and its Copy button), never pushing the page sideways.
 */
export function CopyText({ value }: { value: string }) {
  return (
    <span className="copy-text">
      <code className="ellipsis" title={value}>
        {value}
      </code>
      <CopyButton text={value} />
    </span>
  );
}
