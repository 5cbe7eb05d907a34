import { useState } from 'react';
import { QrCode } from '../../components/QrCode.tsx';
import { en } from '../../copy/en.ts';

/** The authenticator QR code's size (spec document 2 §9: 240). */
export const totpQrSize = 240;

/** Authenticator setup: the QR code of the `otpauth://` URL and the setup key, then Continue to the code. */
export function MfaEnrollTotpScreen({
  titleId,
  secret,
  authUrl,
  onContinue,
}: {
  titleId: string;
  secret: string;
  authUrl: string;
  onContinue(): void;
}) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="lk-screen" data-testid="lk-screen-mfa-enroll-totp">
      <h2 id={titleId} tabIndex={-1}>
        {en.mfa.totpSetupTitle}
      </h2>
      <p className="lk-muted">{en.mfa.totpScanText}</p>
      <QrCode value={authUrl} size={totpQrSize} label={en.mfa.totpQrLabel} testId="lk-mfa-totp-qr" />
      <div className="lk-muted">{en.mfa.setupKey}</div>
      <div className="lk-mfa-key" data-testid="lk-mfa-totp-secret">
        {secret}
      </div>
      <button
        type="button"
        className="lk-btn-link"
        data-testid="lk-mfa-totp-copy"
        onClick={() => {
          void navigator.clipboard?.writeText(secret).then(
            () => setCopied(true),
            () => undefined,
          );
        }}
      >
        {copied ? en.mfa.copied : en.mfa.copy}
      </button>
      <div className="lk-actions">
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-mfa-totp-continue"
          onClick={onContinue}
        >
          {en.mfa.continue}
        </button>
      </div>
    </section>
  );
}
