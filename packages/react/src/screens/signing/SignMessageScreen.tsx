import { CopyButton } from '../../components/CopyButton.tsx';
import { DataTree, payloadText } from '../../components/SigningParts.tsx';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';
import { RemoteImage } from '../../icons/RemoteImage.tsx';

export interface SignMessageScreenProps {
  titleId: string;
  /** Default 'Sign message'. */
  title?: string | undefined;
  /** Default 'Signing this message will not cost you any fees.' */
  description?: string | undefined;
  /** Default 'Sign and continue'. */
  buttonText?: string | undefined;
  iconUrl?: string | undefined;
  /** personal_sign's decoded text or a Solana message; null for typed data. */
  text: string | null;
  typedData: unknown;
  /** Shows 'Not now'. */
  cancellable: boolean;
  /** 'signing' after the click, 'signed' once the signature is back (the modal closes 1.4 s later). */
  status: 'idle' | 'signing' | 'signed';
  onSign(): void;
  onCancel(): void;
}

/** Spec document 1 §2 Sign message: what will be signed, then 'Sign and continue' or 'Not now'. */
export function SignMessageScreen({
  titleId,
  title,
  description,
  buttonText,
  iconUrl,
  text,
  typedData,
  cancellable,
  status,
  onSign,
  onCancel,
}: SignMessageScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-sign-message">
      {iconUrl && <RemoteImage className="lk-sign-icon" src={iconUrl} alt="" />}
      <h2 id={titleId} tabIndex={-1}>
        {title ?? en.signingScreens.signMessage}
      </h2>
      <p className="lk-muted">{description ?? en.signingScreens.signMessageDescription}</p>
      {text !== null ? (
        <pre className="lk-box" data-testid="lk-sign-message-text">
          {text}
        </pre>
      ) : (
        <>
          <div className="lk-box lk-tree" data-testid="lk-sign-typed-data">
            <DataTree value={typedData} />
          </div>
          <CopyButton
            text={payloadText(typedData)}
            label={en.signingScreens.copyPayload}
            testId="lk-sign-copy"
          />
        </>
      )}
      <div className="lk-actions">
        {status === 'signed' ? (
          <div className="lk-center" role="status" data-testid="lk-sign-success">
            <StatusIcon tone="success" />
            <span>{en.success}</span>
          </div>
        ) : (
          <>
            <button
              type="button"
              className="lk-btn lk-btn-primary"
              data-testid="lk-sign-submit"
              data-lk-autofocus
              disabled={status === 'signing'}
              aria-busy={status === 'signing'}
              onClick={onSign}
            >
              {buttonText ?? en.signingScreens.signAndContinue}
            </button>
            {cancellable && (
              <button
                type="button"
                className="lk-btn lk-btn-secondary"
                data-testid="lk-sign-cancel"
                disabled={status === 'signing'}
                onClick={onCancel}
              >
                {en.signingScreens.notNow}
              </button>
            )}
          </>
        )}
      </div>
    </section>
  );
}
