import type { MobilePlatform } from '@latchkey/core/modal';
import { useEffect, useRef, useState } from 'react';
import { en } from '../../copy/en.ts';
import { CopyIcon, ExternalLinkIcon } from '../../icons/glyphs.tsx';

/** The fallback ('Still here?') shows this long after the redirect (spec document 1 §2 and §4). */
export const stillHereDelayMs = 1000;

export interface WalletRedirectScreenProps {
  titleId: string;
  walletName: string;
  /** The wallet's universal link, opening this page in its in-app browser. */
  deepLink: string;
  platform: MobilePlatform;
  /** The wallet's listing in this platform's store. */
  storeUrl: string;
}

/**
 * A phone without the wallet in this browser: sends the page to the wallet's app once, then after
 * 1 s offers 'Still here?' with the link again, a copy of it, and the app's store listing.
 */
export function WalletRedirectScreen({
  titleId,
  walletName,
  deepLink,
  platform,
  storeUrl,
}: WalletRedirectScreenProps) {
  const [stillHere, setStillHere] = useState(false);
  // Once per visit: StrictMode runs effects twice, and a second redirect would stack a second app switch.
  const redirected = useRef(false);

  useEffect(() => {
    if (!redirected.current) {
      redirected.current = true;
      window.location.href = deepLink;
    }
    const timer = setTimeout(() => setStillHere(true), stillHereDelayMs);
    return () => clearTimeout(timer);
  }, [deepLink]);

  const copy = () => {
    // Clipboard access can be refused (permissions, insecure page); the link is still on the button.
    navigator.clipboard?.writeText(deepLink).catch(() => undefined);
  };

  return (
    <section
      className="lk-screen"
      data-testid="lk-screen-wallet-redirect"
      data-status={stillHere ? 'still-here' : 'redirecting'}
    >
      <div className="lk-center" role="status">
        <div className="lk-spinner" aria-hidden="true" />
        <h2 id={titleId} tabIndex={-1}>
          {en.redirectingTo(walletName)}
        </h2>
        <p className="lk-muted">{en.goToWallet(walletName)}</p>
      </div>
      {stillHere && (
        <div className="lk-actions">
          <p data-testid="lk-wallet-still-here">{en.stillHere}</p>
          {/* A tapped link opens universal links in the app more reliably than a script navigation. */}
          <a className="lk-btn lk-btn-primary" data-testid="lk-wallet-open-in-app" href={deepLink}>
            {en.openInApp}
          </a>
          <button
            type="button"
            className="lk-btn lk-btn-secondary"
            data-testid="lk-wallet-copy-link"
            onClick={copy}
          >
            <CopyIcon />
            {en.copyLink}
          </button>
          <a
            className="lk-btn lk-btn-secondary"
            data-testid="lk-wallet-app-store"
            href={storeUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {platform === 'ios' ? en.goToAppStore : en.goToGooglePlay}
            <ExternalLinkIcon />
          </a>
        </div>
      )}
    </section>
  );
}
