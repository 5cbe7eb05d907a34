import { type CaptchaSettings, captchaSettings } from '@latchkey/core/modal';
import type { AreaProps } from '../types.ts';
import { CaptchaScreen } from './CaptchaScreen.tsx';
import { CodeScreen } from './CodeScreen.tsx';

/** The app's captcha, or the error that makes it unusable (an unsupported site key). */
function settingsOf(app: AreaProps['app']): CaptchaSettings | Error | null {
  try {
    return captchaSettings(app);
  } catch (error) {
    return error as Error;
  }
}

/** The captcha and code screens email and SMS share. */
export default function CodeArea({ screen, flow, app, titleId }: AreaProps) {
  if (screen.name === 'captcha') {
    const settings = settingsOf(app);
    const target = screen.target;
    if (!settings) return null;
    return (
      <CaptchaScreen
        titleId={titleId}
        settings={settings}
        onToken={(token) => flow.code.captchaSolved(target, token)}
      />
    );
  }
  if (screen.name !== 'code') return null;
  const target = screen.target;
  return (
    <CodeScreen
      titleId={titleId}
      target={target}
      onSubmit={(code) => flow.code.submitCode(target, code)}
      onResend={() => flow.code.resend(target)}
      lock={flow.code.lockOf(target)}
    />
  );
}
