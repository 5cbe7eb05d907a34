import type { LatchkeyClient } from '@latchkey/core';
import type { MfaVerifyFlow, MfaVerifyView } from '@latchkey/core/modal';
import type { MfaMethod } from '@latchkey/protocol';
import { useSyncExternalStore } from 'react';
import { CodeInput } from '../../components/CodeInput.tsx';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';
import { MfaError } from './MfaError.tsx';
import { PendingRequest } from './PendingRequest.tsx';

export interface MfaVerifyScreenProps {
  titleId: string;
  mfa: MfaVerifyFlow;
  client: LatchkeyClient;
  /** 'Cancel': the modal closes, which cancels the verification. */
  onCancel(): void;
}

/**
 * 'Verify your identity' (spec document 1 §2 'Multi-factor'): the user's factors, then the code
 * entry or 'Verifying with passkey'. The flow (core's modal/mfa.ts) preselects and starts the first.
 */
export function MfaVerifyScreen({ titleId, mfa, client, onCancel }: MfaVerifyScreenProps) {
  const view = useSyncExternalStore(mfa.subscribe, mfa.view, mfa.view);
  if (!view) return null;
  if (view.method === null) return <MethodList titleId={titleId} view={view} onChoose={mfa.choose} />;
  if (view.method === 'passkey')
    return <PasskeyView titleId={titleId} view={view} mfa={mfa} client={client} onCancel={onCancel} />;
  return <CodeView titleId={titleId} view={view} mfa={mfa} client={client} onCancel={onCancel} />;
}

function MethodList({
  titleId,
  view,
  onChoose,
}: {
  titleId: string;
  view: MfaVerifyView;
  onChoose(method: MfaMethod): void;
}) {
  return (
    <section className="lk-screen" data-testid="lk-screen-mfa-verify" data-step="choose">
      <h2 id={titleId} tabIndex={-1}>
        {en.mfa.verifyTitle}
      </h2>
      <div className="lk-stack">
        {view.methods.map((method) => (
          <button
            key={method}
            type="button"
            className="lk-btn"
            data-testid={`lk-mfa-method-${method}`}
            onClick={() => onChoose(method)}
          >
            {en.mfa.methods[method]}
          </button>
        ))}
      </div>
      <MfaError error={view.error} />
    </section>
  );
}

/** 'Choose another method' (only with more than one factor) and 'Cancel'. */
function Footer({ view, mfa, onCancel }: { view: MfaVerifyView; mfa: MfaVerifyFlow; onCancel(): void }) {
  return (
    <div className="lk-actions">
      {view.canChooseAnother && !view.error?.blocking && (
        <button
          type="button"
          className="lk-btn lk-btn-secondary"
          data-testid="lk-mfa-choose-another"
          onClick={mfa.chooseAnother}
        >
          {en.mfa.chooseAnother}
        </button>
      )}
      <button
        type="button"
        className="lk-btn lk-btn-secondary"
        data-testid="lk-mfa-cancel"
        onClick={onCancel}
      >
        {en.mfa.cancel}
      </button>
    </div>
  );
}

function CodeView({ titleId, view, mfa, client, onCancel }: MfaVerifyScreenProps & { view: MfaVerifyView }) {
  return (
    <section
      className="lk-screen"
      data-testid="lk-screen-mfa-verify"
      data-step={view.step}
      data-method={view.method}
    >
      <h2 id={titleId} tabIndex={-1}>
        {en.mfa.enterCode}
      </h2>
      <p className="lk-muted" data-testid="lk-mfa-code-text">
        {view.step === 'sending'
          ? en.mfa.sendingCode
          : view.method === 'sms'
            ? en.mfa.smsCodeText
            : en.mfa.totpCodeText}
      </p>
      {!view.error?.blocking && (
        <CodeInput
          labelledBy={titleId}
          onComplete={async (code) => {
            const error = await mfa.submitCode(code);
            // The error shows below the boxes (MfaError), not inside them.
            return error ? { message: '' } : 'ok';
          }}
        />
      )}
      <MfaError error={view.error} />
      <PendingRequest client={client} />
      <Footer view={view} mfa={mfa} onCancel={onCancel} />
    </section>
  );
}

function PasskeyView({
  titleId,
  view,
  mfa,
  client,
  onCancel,
}: MfaVerifyScreenProps & { view: MfaVerifyView }) {
  const added = mfa.lastPasskeyAddedAt();
  const failed = view.error !== null;
  return (
    <section
      className="lk-screen"
      data-testid="lk-screen-mfa-verify"
      data-step={view.step}
      data-method="passkey"
    >
      <div className="lk-center" role={failed ? 'alert' : 'status'}>
        {failed ? <StatusIcon tone="error" /> : <div className="lk-spinner" aria-hidden="true" />}
        <h2 id={titleId} tabIndex={-1}>
          {en.mfa.passkeyTitle}
        </h2>
        <p className="lk-muted">{en.mfa.passkeyText}</p>
        {added && (
          <p className="lk-muted" data-testid="lk-mfa-passkey-added">
            {en.mfa.passkeyLastAdded(
              added.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' }),
            )}
          </p>
        )}
      </div>
      <PendingRequest client={client} />
      <MfaError error={view.error} />
      {failed && !view.error?.blocking && (
        <button
          type="button"
          className="lk-btn lk-btn-primary"
          data-testid="lk-mfa-passkey-retry"
          onClick={mfa.retryPasskey}
        >
          {en.mfa.tryAgain}
        </button>
      )}
      <Footer view={view} mfa={mfa} onCancel={onCancel} />
    </section>
  );
}
