import { useState } from 'react';

/** A secret shown once, with a copy button. */
export function Secret({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="secret">
      <span className="muted">{label}</span>
      <code data-testid="secret">{value}</code>
      <button
        type="button"
        className="secondary"
        onClick={async () => {
          await navigator.clipboard?.writeText(value).catch(() => {});
          setCopied(true);
        }}
      >
        {copied ? 'Copied' : 'Copy'}
      </button>
    </div>
  );
}
