import { type ReactNode, useState } from 'react';
import { ShortenedValue } from './ShortenedValue.tsx';
import { isAddressOrHash } from './shortenMiddle.ts';

/** Pieces the signing screens share: labelled rows, an expander, a data tree. */

/** A label and its value; a text value (an amount) wraps rather than overflow, whole in its title. */
export function Row({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="lk-row" data-testid={testId}>
      <span className="lk-row-label">{label}</span>
      <span className="lk-row-value" title={typeof value === 'string' ? value : undefined}>
        {value}
      </span>
    </div>
  );
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
      {open && (
        <div className="lk-accordion" data-testid={testId}>
          {children}
        </div>
      )}
    </>
  );
}

/**
 * Typed data as nested lists: objects and arrays open up, leaves show their value (addresses and
 * hashes shortened in the middle, whole in their title and in 'Copy full payload').
 */
export function DataTree({ value }: { value: unknown }) {
  if (typeof value === 'string' && isAddressOrHash(value)) return <ShortenedValue value={value} />;
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
