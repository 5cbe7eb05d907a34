import { useEffect, useRef, useState } from 'react';
import { FieldError } from '../../components/FieldError.tsx';
import { en } from '../../copy/en.ts';
import { errorScreen } from '../errorScreens.ts';
import { type CaptchaSettings, runCaptcha } from './captcha.ts';

/** The widget runs this long after the screen opens, and the flow goes on this long after a pass (spec document 1 §4 Captcha). */
export const captchaStartDelayMs = 500;
export const captchaProceedDelayMs = 1000;
/** Automatic retries before the screen asks the user (with the ad-blocker hint). */
export const captchaMaxRetries = 3;

export interface CaptchaScreenProps {
  titleId: string;
  /** The app's captcha, or the error that makes it unusable (an unsupported site key). */
  settings: CaptchaSettings | Error;
  onToken(token: string): Promise<void>;
}

/** 'Checking that you are a human...': runs the invisible widget, then sends the code with its token. */
export function CaptchaScreen({ titleId, settings, onToken }: CaptchaScreenProps) {
  const box = useRef<HTMLDivElement>(null);
  const [round, setRound] = useState(0);
  const [failure, setFailure] = useState<string | null>(settings instanceof Error ? settings.message : null);
  const onTokenRef = useRef(onToken);
  onTokenRef.current = onToken;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round (Retry) runs the widget again
  useEffect(() => {
    if (settings instanceof Error) return;
    let current = true;
    let attempt = 0;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    (async () => {
      await wait(captchaStartDelayMs);
      for (;;) {
        if (!current || !box.current) return;
        try {
          const token = await runCaptcha(box.current, settings);
          await wait(captchaProceedDelayMs);
          if (current) await onTokenRef.current(token);
          return;
        } catch (error) {
          if (!current) return;
          if (attempt++ >= captchaMaxRetries) {
            const screen = errorScreen(error, null);
            setFailure(screen.name === 'error' && screen.detail ? screen.detail : en.captchaFailure);
            return;
          }
        }
      }
    })();
    return () => {
      current = false;
    };
  }, [settings, round]);

  const unsupported = settings instanceof Error;
  return (
    <section className="lk-screen" data-testid="lk-screen-captcha">
      <div className="lk-center">
        {!failure && <div className="lk-spinner" aria-hidden="true" />}
        <h2 id={titleId} tabIndex={-1}>
          {en.captchaChecking}
        </h2>
        <div ref={box} className="lk-captcha-box" />
        <FieldError message={failure} />
        {failure && !unsupported && <p className="lk-muted">{en.captchaHint}</p>}
      </div>
      {failure && !unsupported && (
        <div className="lk-actions">
          <button
            type="button"
            className="lk-btn lk-btn-primary"
            data-testid="lk-error-retry"
            onClick={() => {
              setFailure(null);
              setRound((n) => n + 1);
            }}
          >
            {en.retry}
          </button>
        </div>
      )}
    </section>
  );
}
