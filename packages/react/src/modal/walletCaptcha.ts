import { captchaSettings } from '@latchkey/core/modal';
import type { AppResponse } from '@latchkey/protocol';
import { en } from '../copy/en.ts';
import { runCaptcha } from '../screens/code/captcha.ts';
import { errorScreen } from '../screens/errorScreens.ts';

/**
 * A fresh captcha token for one wallet sign-in attempt, or undefined when the app has no captcha.
 * The widget renders into `host` and shows only if the provider needs interaction. A failure
 * rejects with the text the connecting screen shows.
 */
export async function walletCaptcha(
  host: HTMLElement | null,
  app: AppResponse | null,
): Promise<string | undefined> {
  const settings = captchaSettings(app); // an unsupported key throws 'Unsupported captcha site key'
  if (!settings || !host) return undefined;
  try {
    return await runCaptcha(host, settings);
  } catch (error) {
    const screen = errorScreen(error, app);
    throw new Error(screen.name === 'error' && screen.detail ? screen.detail : en.captchaFailure);
  }
}
