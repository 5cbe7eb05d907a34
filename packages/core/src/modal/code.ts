import type { User } from '@latchkey/protocol';
import type { TransferAccount } from '../flows/transfer.ts';
import { captchaEnabled } from './captcha.ts';
import { codeEntryError } from './errors.ts';
import type { LoginFlow } from './login.ts';
import type { CodeTarget } from './navigation.ts';
import type { FlowRuntime } from './runtime.ts';
import type { TransferFlow } from './transfer.ts';

/**
 * How a submitted code went: 'ok' (the login goes on), 'left' (another screen took over), or the
 * message to show under the boxes (a wrong code stays on the screen).
 */
export type CodeSubmitResult = 'ok' | 'left' | { message: string };

export interface CodeFlow {
  /** The email field's Submit (login, link or update): the code screen, through the captcha if on. */
  submitEmail(address: string): Promise<void>;
  submitPhone(phoneNumber: string): Promise<void>;
  /** The captcha screen's token: sends the code and replaces the captcha with the code screen. */
  captchaSolved(target: CodeTarget, token: string): Promise<void>;
  /** 'Resend code': true when sent (false when the captcha screen took over or it failed). */
  resend(target: CodeTarget): Promise<boolean>;
  submitCode(target: CodeTarget, code: string): Promise<CodeSubmitResult>;
}

const methodOf = (target: CodeTarget) => (target.kind === 'email' ? 'email' : 'sms');

/** The user's current email address or phone number (what an update replaces). */
export function currentContact(user: User | null, kind: CodeTarget['kind']): string {
  const type = kind === 'email' ? 'email' : 'phone';
  const account = user?.linked_accounts.find((a) => a.type === type) as Record<string, unknown> | undefined;
  const value = kind === 'email' ? account?.address : (account?.number ?? account?.phoneNumber);
  return typeof value === 'string' ? value : '';
}

/** Email and SMS codes: send (behind the captcha), then log in, link or update with the code. */
export function createCodeFlow(rt: FlowRuntime, login: LoginFlow, transfer: TransferFlow): CodeFlow {
  const { client } = rt;

  /** Sends a code; on success opens the code screen ('push' / 'replace') or stays ('stay'). */
  async function send(
    target: CodeTarget,
    captchaToken: string | undefined,
    mode: 'push' | 'replace' | 'stay',
  ) {
    try {
      if (target.kind === 'email') await client.email.sendCode({ email: target.address, captchaToken });
      else await client.sms.sendCode({ phoneNumber: target.phoneNumber, captchaToken });
    } catch (error) {
      rt.showError(error);
      return false;
    }
    if (mode !== 'stay') rt.navigate({ type: mode, screen: { name: 'code', target } });
    return true;
  }

  /** Sends a code, through the captcha screen when the app enables captcha. */
  async function startSend(target: CodeTarget, mode: 'push' | 'stay'): Promise<boolean> {
    if (captchaEnabled(rt.app())) {
      rt.navigate({ type: mode === 'push' ? 'push' : 'replace', screen: { name: 'captcha', target } });
      return false;
    }
    return send(target, undefined, mode);
  }

  async function linkOrUpdate(target: CodeTarget, code: string): Promise<User> {
    if (rt.kind() === 'link')
      return target.kind === 'email'
        ? client.email.linkWithCode({ email: target.address, code })
        : client.sms.linkWithCode({ phoneNumber: target.phoneNumber, code });
    const current = client.getState().user;
    return target.kind === 'email'
      ? client.email.updateEmail({
          oldAddress: currentContact(current, 'email'),
          newAddress: target.address,
          code,
        })
      : client.sms.updatePhone({
          oldPhoneNumber: currentContact(current, 'sms'),
          newPhoneNumber: target.phoneNumber,
          code,
        });
  }

  return {
    async submitEmail(address) {
      await startSend({ kind: 'email', address }, 'push');
    },
    async submitPhone(phoneNumber) {
      await startSend({ kind: 'sms', phoneNumber }, 'push');
    },
    async captchaSolved(target, token) {
      await send(target, token, 'replace');
    },
    resend: (target) => startSend(target, 'stay'),

    async submitCode(target, code) {
      try {
        if (rt.kind() === 'login') {
          const result =
            target.kind === 'email'
              ? await client.email.loginWithCode({ email: target.address, code })
              : await client.sms.loginWithCode({ phoneNumber: target.phoneNumber, code });
          login.afterLogin(result, methodOf(target));
          return 'ok';
        }
        const user = await linkOrUpdate(target, code);
        const type = rt.kind() === 'link' ? 'link-success' : 'update-success';
        rt.host.report({ type, user, method: methodOf(target) });
        rt.finishWithSuccess();
        return 'left';
      } catch (error) {
        const message = codeEntryError(error);
        if (message) return { message };
        const account: TransferAccount =
          target.kind === 'email'
            ? { type: 'email', address: target.address }
            : { type: 'phone', phoneNumber: target.phoneNumber };
        if (!transfer.offer(error, account, methodOf(target))) rt.showError(error);
        return 'left';
      }
    },
  };
}
