import { useEffect, useState } from 'react';

export interface QrCodeProps {
  /** The text the code carries (a wallet address). */
  value: string;
  /** Width and height in CSS pixels. */
  size: number;
  label: string;
  testId?: string;
}

/** The QR encoder (paulmillr's `qr`), loaded when a code first shows: no other screen carries it. */
const loadEncoder = () => import('qr').then((module) => module.default);

/**
 * A QR code drawn as one SVG path from the encoder's module matrix (no markup from the library is
 * injected). Empty, at its final size, until the encoder has loaded.
 */
export function QrCode({ value, size, label, testId }: QrCodeProps) {
  const [modules, setModules] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    setModules(null);
    loadEncoder().then(
      (encode) => {
        if (live) setModules(encode(value, 'raw', { border: 2 }));
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [value]);
  const count = modules?.length ?? 1;
  let path = '';
  modules?.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      data-testid={testId}
      data-value={modules ? value : undefined}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      className="lk-qr"
    >
      <rect width={count} height={count} fill="#fff" />
      {path && <path d={path} fill="#000" />}
    </svg>
  );
}
