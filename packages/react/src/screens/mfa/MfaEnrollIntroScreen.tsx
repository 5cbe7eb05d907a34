import { en } from '../../copy/en.ts';

/** 'Transaction Protection' (Continue / Not now): before the user's first factor. */
export function MfaEnrollIntroScreen({
  titleId,
  appName,
  onContinue,
  onNotNow,
}: {
  titleId: string;
  appName: string;
  onContinue(): void;
  onNotNow(): void;
}) {
  return (
    <section className="lk-screen" data-testid="lk-screen-mfa-enroll-intro">
      <h2 id={titleId} tabIndex={-1}>
        {en.mfa.introTitle}
      </h2>
      <p className="lk-muted">{en.mfa.introText(appName)}</p>
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-mfa-intro-continue"
          onClick={onContinue}
        >
          {en.mfa.continue}
        </button>
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-mfa-intro-not-now"
          onClick={onNotNow}
        >
          {en.mfa.notNow}
        </button>
      </div>
    </section>
  );
}
