import {
  errorIndicatesMaxMfaRetries,
  errorIndicatesMfaTimeout,
  errorIndicatesMfaVerificationFailed,
  type MfaMethod,
  useLatchkey,
  useMfa,
  useMfaEnrollment,
  useRegisterMfaListener,
  useSignMessage,
} from '@latchkey/react';
import { useState } from 'react';
import { useAttempt } from './useAttempt.ts';

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Multi-factor: the user's factors, the enrolment modal, removal without it, and a signature it
 * gates (without the confirmation screen, so 'Verify your identity' opens on its own). 'Own MFA UI'
 * takes the prompts instead of the modal (`useRegisterMfaListener` + `useMfa`).
 */
export function Mfa() {
  const { authenticated, user } = useLatchkey();
  const { showMfaEnrollmentModal, unenrollWithSms, unenrollWithTotp, unenrollWithPasskey } =
    useMfaEnrollment();
  const { promptMfa, clear } = useMfa();
  const { signMessage } = useSignMessage();
  const [signature, setSignature] = useState('');
  const [ownUi, setOwnUi] = useState(false);
  const { error, attempt } = useAttempt(describe);
  if (!authenticated) return null;
  const methods = user?.mfaMethods ?? [];

  return (
    <section className="card">
      <h2>Multi-factor</h2>
      <p>
        Factors: <span data-testid="demo-mfa-methods">{methods.join(', ')}</span>
      </p>
      <div className="actions">
        <button type="button" data-testid="demo-mfa-enroll" onClick={showMfaEnrollmentModal}>
          Set up MFA
        </button>
        <button type="button" data-testid="demo-mfa-verify" onClick={attempt(promptMfa)}>
          Verify now
        </button>
        <button type="button" data-testid="demo-mfa-clear" onClick={attempt(clear)}>
          Forget the MFA token
        </button>
        {methods.includes('sms') && (
          <button type="button" data-testid="demo-mfa-remove-sms" onClick={attempt(unenrollWithSms)}>
            Remove SMS
          </button>
        )}
        {methods.includes('totp') && (
          <button type="button" data-testid="demo-mfa-remove-totp" onClick={attempt(unenrollWithTotp)}>
            Remove authenticator app
          </button>
        )}
        {methods.includes('passkey') && (
          <button
            type="button"
            data-testid="demo-mfa-remove-passkey"
            onClick={attempt(() => unenrollWithPasskey())}
          >
            Remove passkey factor
          </button>
        )}
        <button
          type="button"
          data-testid="demo-mfa-sign"
          onClick={attempt(async () => {
            setSignature('');
            const { signature } = await signMessage(
              { message: 'Protected by MFA' },
              { uiOptions: { showWalletUIs: false } },
            );
            setSignature(signature);
          })}
        >
          Sign without a confirmation screen
        </button>
        <label>
          <input
            type="checkbox"
            data-testid="demo-mfa-own-ui"
            checked={ownUi}
            onChange={(event) => setOwnUi(event.target.checked)}
          />{' '}
          Own MFA UI
        </label>
      </div>
      {ownUi && <OwnMfaUi />}
      <p className="muted">
        <code data-testid="demo-mfa-signature">{signature}</code>
      </p>
      <p className="error" data-testid="demo-mfa-error">
        {error}
      </p>
    </section>
  );
}

/** What an app with its own MFA UI renders: the prompt it heard, a code field, Submit and Cancel. */
function OwnMfaUi() {
  const { init, submit, cancel } = useMfa();
  const [prompt, setPrompt] = useState<MfaMethod[] | null>(null);
  const [code, setCode] = useState('');
  const [status, setStatus] = useState('');
  useRegisterMfaListener({
    onMfaRequired: ({ mfaMethods }) => {
      setPrompt(mfaMethods);
      setStatus('code required');
      if (mfaMethods[0] === 'sms') void init('sms');
    },
  });
  if (!prompt) return <p data-testid="demo-mfa-own-status">{status}</p>;
  const method = prompt[0]!;
  return (
    <div className="actions" data-testid="demo-mfa-own-prompt">
      <span data-testid="demo-mfa-own-status">{status}</span>
      <input data-testid="demo-mfa-own-code" value={code} onChange={(event) => setCode(event.target.value)} />
      <button
        type="button"
        data-testid="demo-mfa-own-submit"
        onClick={async () => {
          try {
            await submit(method, code);
            setStatus('verified');
            setPrompt(null);
          } catch (error) {
            if (errorIndicatesMfaVerificationFailed(error)) setStatus('wrong code');
            else if (errorIndicatesMaxMfaRetries(error)) setStatus('max attempts');
            else if (errorIndicatesMfaTimeout(error)) setStatus('timed out');
            else setStatus(describe(error));
          }
          setCode('');
        }}
      >
        Submit code
      </button>
      <button
        type="button"
        data-testid="demo-mfa-own-cancel"
        onClick={() => {
          cancel();
          setPrompt(null);
          setStatus('canceled');
        }}
      >
        Cancel
      </button>
    </div>
  );
}
