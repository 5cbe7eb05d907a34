import { type ReactNode, useEffect, useState } from 'react';
import { en } from '../copy/en.ts';

/** Pieces the signing screens share: labelled rows, an expander, a copy button, a data tree. */

export function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="lk-row" data-testid={testId}>
      <span className="lk-row-label">{label}</span>
      <span className="lk-row-value">{value}</span>
    </div>
  );
}

/** A full address or hash, kept whole (it wraps) so the user can check every character. */
export function Mono({ children }: { children: string }) {
  return <code>{children}</code>;
}

export function Expander({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="lk-expander"
        aria-expanded={open}
        data-testid={`${testId}-toggle`}
        onClick={() => setOpen(!open)}
      >
        {label}
      </button>
      {open && <div data-testid={testId}>{children}</div>}
    </>
  );
}

/** Copies `text`; the label reads 'Copied' for 1.5 s (spec document 2 §9 copy confirmation). */
export function CopyButton({ text, label, testId }: { text: string; label: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className="lk-btn-link"
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

/** Typed data as nested lists: objects and arrays open up, leaves show their value. */
export function DataTree({ value }: { value: unknown }) {
  if (value === null || typeof value !== 'object') return <span>{String(value)}</span>;
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  return (
    <ul>
      {entries.map(([key, item]) => (
        <li key={key}>
          <span className="lk-tree-key">{key}: </span>
          <DataTree value={item} />
        </li>
      ))}
    </ul>
  );
}

/** Stringifies for the copy button: bigint as decimal, two-space indent. */
export function payloadText(value: unknown): string {
  return JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item), 2);
}
