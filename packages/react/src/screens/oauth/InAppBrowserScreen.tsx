import { useState } from 'react';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';
import { CopyIcon } from '../../icons/glyphs.tsx';

export interface InAppBrowserScreenProps {
  titleId: string;
  /** The provider's name as the modal shows it. */
  name: string;
  /** The page to open in a real browser. */
  pageUrl: string;
}

/**
 * 'Could not log in with provider': this is an app's built-in browser, which the provider refuses;
 * the page has to be opened in the device's browser (spec document 1 §2 'In-app browser warning').
 */
export function InAppBrowserScreen({ titleId, name, pageUrl }: InAppBrowserScreenProps) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    navigator.clipboard?.writeText(pageUrl).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  return (
    <section className="lk-screen" data-testid="lk-screen-oauth-in-app-browser">
      <div className="lk-center" role="alert">
        <StatusIcon tone="error" />
        <h2 id={titleId} tabIndex={-1}>
          {en.oauth.inAppBrowserTitle}
        </h2>
        <p className="lk-muted">{en.oauth.inAppBrowserDetail(name)}</p>
      </div>
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-oauth-copy-link"
          onClick={copy}
        >
          <CopyIcon />
          {copied ? en.oauth.linkCopied : en.copyLink}
        </button>
      </div>
    </section>
  );
}
