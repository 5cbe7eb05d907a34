import type { User } from '@latchkey/protocol';
import type { TransferAccount } from '../../flows/transfer.ts';
import { captchaEnabled } from '../captcha.ts';
import type { CodeTarget } from '../code-target.ts';
import { codeEntryError, isTooManyRequests, retryAt } from '../errors.ts';
import type { LoginFlow } from '../login.ts';
import { modalMethod } from '../method.ts';
import type { FlowRuntime } from '../runtime.ts';
import type { Screen } from '../screens.ts';
import type { TransferFlow } from '../transfer.ts';

export type { CodeTarget } from '../code-target.ts';

declare module '../screens.ts' {
  /** Email and SMS codes: the fields (login, link, update), the captcha, the code boxes. */
  interface ModalScreens {
    /** The email field on its own, when `hideDirectWeb2Inputs` turns it into a button. */
    email: { name: 'email' };
    phone: { name: 'phone' };
    'link-email': { name: 'link-email' };
    'link-phone': { name: 'link-phone' };
    'update-email': { name: 'update-email' };
    'update-phone': { name: 'update-phone' };
    captcha: { name: 'captcha'; target: CodeTarget };
    code: { name: 'code'; target: CodeTarget };
  }
}

declare module '../method.ts' {
  interface ModalMethodFlows {
    code: CodeFlow;
  }
}

/**
 * Code entry refused after too many wrong codes: the server locks the address until its window ends
 * (`retryAt`, ms since the epoch; null when it did not say), and burns the codes sent. A new code
 * ('Resend code') is needed, and works once the lock ends.
 */
export interface CodeLock {
  retryAt: number | null;
}

/**
 * How a submitted code went: 'ok' (the login goes on), 'left' (another screen took over), the
 * message to show under the boxes (a wrong code stays on the screen), or the lock.
 */
export type CodeSubmitResult = 'ok' | 'left' | { message: string } | { locked: CodeLock };

/**
 * What the user typed in the email and phone fields, kept by the flow so that Back (from the code,
 * captcha or error screen) shows it again, and the fields do not start empty on every visit.
 */
export interface AddressDraft {
  /** The email field as typed. */
  email: string;
  /** The phone field as typed, and its country (ISO 3166 alpha-2; null: the app's default). */
  phone: string;
  country: string | null;
  /** Set by 'Use a different email/phone number': the field shows its text selected, to retype. */
  select: boolean;
}

export interface CodeFlow {
  /** The email field's Submit (login, link or update): the code screen, through the captcha if on. */
  submitEmail(address: string): Promise<void>;
  submitPhone(phoneNumber: string): Promise<void>;
  /** The captcha screen's token: sends the code and replaces the captcha with the code screen. */
  captchaSolved(target: CodeTarget, token: string): Promise<void>;
  /** 'Resend code': true when sent (false when the captcha screen took over or it failed). */
  resend(target: CodeTarget): Promise<boolean>;
  submitCode(target: CodeTarget, code: string): Promise<CodeSubmitResult>;
  /** The lock on code entry for `target` (after too many wrong codes), or null. */
  lockOf(target: CodeTarget): CodeLock | null;
  /** The fields' text as last typed in this request. */
  draft(): Readonly<AddressDraft>;
  /** The user typed (or picked a country): kept for the next visit of the field. */
  editDraft(patch: Partial<Pick<AddressDraft, 'email' | 'phone' | 'country'>>): void;
  /**
   * 'Use a different email / phone number' on an error about the address: back to the field it
   * was typed in (past the code, captcha and error screens), its text selected.
   */
  editAddress(): void;
  /** A new request: empty fields, no locks. */
  reset(): void;
}

/** The screens with the email or phone field a code target was typed in. */
const addressScreens: ReadonlySet<Screen['name']> = new Set([
  'landing',
  'email',
  'phone',
  'link-email',
  'link-phone',
  'update-email',
  'update-phone',
]);

const emptyDraft: AddressDraft = { email: '', phone: '', country: null, select: false };

const targetKey = (target: CodeTarget) =>
  target.kind === 'email' ? `email:${target.address}` : `sms:${target.phoneNumber}`;

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
  let draft: AddressDraft = emptyDraft;
  const locks = new Map<string, CodeLock>();

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
      rt.showError(error, target.kind);
      return false;
    }
    // A new code: the lock (if any) is over for the user, who enters this code once it ends.
    locks.delete(targetKey(target));
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
      draft = { ...draft, select: false };
      await startSend({ kind: 'email', address }, 'push');
    },
    async submitPhone(phoneNumber) {
      draft = { ...draft, select: false };
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
        // After too many wrong codes the server refuses every code (429, not a wrong code's 401)
        // until its window ends: the screen shows the lock rather than shaking at a right code.
        if (isTooManyRequests(error)) {
          const lock: CodeLock = { retryAt: retryAt(error) };
          locks.set(targetKey(target), lock);
          return { locked: lock };
        }
        const message = codeEntryError(error);
        if (message) return { message };
        const account: TransferAccount =
          target.kind === 'email'
            ? { type: 'email', address: target.address }
            : { type: 'phone', phoneNumber: target.phoneNumber };
        if (!transfer.offer(error, account, methodOf(target))) rt.showError(error, target.kind);
        return 'left';
      }
    },

    lockOf: (target) => locks.get(targetKey(target)) ?? null,
    draft: () => draft,
    editDraft(patch) {
      draft = { ...draft, ...patch, select: false };
    },
    editAddress() {
      const stack = rt.stack();
      let field = stack.length - 1;
      while (field > 0 && !addressScreens.has(stack[field]!.name)) field--;
      draft = { ...draft, select: true };
      rt.navigate({ type: 'back', count: stack.length - 1 - field });
    },
    reset() {
      draft = emptyDraft;
      locks.clear();
    },
  };
}

/** The landing's email and SMS buttons open their fields; the link and update intents theirs. */
export const codeMethod = modalMethod({
  key: 'code',
  create: (rt, { login, transfer }) => createCodeFlow(rt, login, transfer),
  handles: (method) => method === 'email' || method === 'sms',
  choose(_flow, method, rt) {
    rt.navigate({ type: 'push', screen: { name: method === 'email' ? 'email' : 'phone' } });
  },
  intents: {
    'link-email': () => ({ name: 'link-email' }),
    'link-phone': () => ({ name: 'link-phone' }),
    'update-email': () => ({ name: 'update-email' }),
    'update-phone': () => ({ name: 'update-phone' }),
  },
  reset: (flow) => flow.reset(),
});
