import { type ReactNode, useState } from 'react';

export interface RemoteImageProps {
  src: string;
  className: string;
  /** Empty for decoration (the name is in the text beside it). */
  alt: string;
  /** Shown instead when the image fails to load; nothing by default. */
  fallback?: ReactNode;
  testId?: string;
}

/**
 * An image from a URL the app or a wallet gave (logo, app icon, custom provider icon, a wallet's
 * EIP-6963 icon). A URL that fails to load shows the fallback, or nothing, never the browser's
 * broken-image glyph.
 */
export function RemoteImage({ src, className, alt, fallback = null, testId }: RemoteImageProps) {
  // Keyed on the URL: a new URL gets its own try.
  const [failed, setFailed] = useState<string | null>(null);
  if (failed === src) return <>{fallback}</>;
  return (
    <img className={className} src={src} alt={alt} data-testid={testId} onError={() => setFailed(src)} />
  );
}
