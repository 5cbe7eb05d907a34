import { shortenMiddle } from './shortenMiddle.ts';

export interface ShortenedValueProps {
  /** The address or hash, in full. */
  value: string;
  testId?: string | undefined;
}

/**
 * An address or hash shortened in the middle (`0x1234…abcd`), the full value in its title. The hidden
 * middle stays in the text (visually hidden, not removed): screen readers read the whole value,
 * selecting and copying the text copies it whole, and the element's text is the value. The ellipsis
 * is CSS (`.lk-short-tail::before`), so it is in neither.
 */
export function ShortenedValue({ value, testId }: ShortenedValueProps) {
  const { head, middle, tail } = shortenMiddle(value);
  return (
    <code className="lk-short" title={value} data-testid={testId}>
      {head}
      {middle && <span className="lk-visually-hidden">{middle}</span>}
      {tail && <span className="lk-short-tail">{tail}</span>}
    </code>
  );
}
