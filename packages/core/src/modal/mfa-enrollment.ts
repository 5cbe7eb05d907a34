import { limits, type MfaMethod, mfaMethods, type User } from '@latchkey/protocol';
import { userMfaMethods } from '../embedded/mfa/methods.ts';
import { LatchkeyError } from '../errors.ts';
import { createMfaClient, type MfaClient } from '../mfa/client.ts';
import { mfaUiMessages } from './mfa.ts';
import type { FlowRuntime } from './runtime.ts';
import type { ModalScreensOf, Screen, ScreenName } from './screens.ts';

declare module './screens.ts' {
  /** Multi-factor: the verification (shown over any screen while one is under way) and the enrolment screens. */
  interface ModalScreens {
    /** 'Verify your identity', the code entry and 'Verifying with passkey'. */
    'mfa-verify': { name: 'mfa-verify' };
    /** 'Transaction Protection' (Continue / Not now), before a first factor. */
    'mfa-enroll-intro': { name: 'mfa-enroll-intro' };
    /** 'Choose a verification method' ('Add more security' when the app offers none). */
    'mfa-enroll-methods': { name: 'mfa-enroll-methods' };
    /** SMS setup: the phone number, then the code texted to it. */
    'mfa-enroll-sms': { name: 'mfa-enroll-sms' };
    'mfa-enroll-sms-code': { name: 'mfa-enroll-sms-code'; phoneNumber: string };
    /** Authenticator setup: the QR code (240) and the setup key, then the app's code. */
    'mfa-enroll-totp': { name: 'mfa-enroll-totp'; secret: string; authUrl: string };
    'mfa-enroll-totp-code': { name: 'mfa-enroll-totp-code' };
    /** 'Set up passkey verification': the user's passkeys, 'Add new passkey'. */
    'mfa-enroll-passkey': { name: 'mfa-enroll-passkey' };
    /** The removal confirmation, after the user verified. */
    'mfa-remove': { name: 'mfa-remove'; method: MfaMethod };
    /** A factor added ('Passkeys updated' for passkeys), with Done. */
    'mfa-enrolled': { name: 'mfa-enrolled'; method: MfaMethod };
  }
}

/** Multi-factor screens. */
export type MfaScreen = ModalScreensOf<Extract<ScreenName, `mfa-${string}`>>;

/** A factor on 'Choose a verification method': offered by the app; `enabled` once the user has it. */
export interface MfaMethodOption {
  method: MfaMethod;
  enabled: boolean;
}

/** One of the user's passkeys on 'Set up passkey verification'. */
export interface MfaPasskeyOption {
  credentialId: string;
  name: string | null;
  /** When it was added. */
  addedAt: Date | null;
  /** It verifies now (`enrolled_in_mfa`). */
  enrolled: boolean;
}

/** 'Choose a verification method' lists the factors in this order (spec document 1 §2). */
const methodOrder: readonly MfaMethod[] = ['passkey', 'totp', 'sms'];

/** 'Your passkeys' shows this many until 'View all' (spec document 1 §2 'Passkey management'). */
export const passkeysShownCollapsed = 2;

export interface MfaEnrollmentFlow {
  /** The enrolment's first screen: the intro before a first factor, else the method list. */
  firstScreen(): Screen;
  /** The factors the app offers, in the spec's order, and whether the user has each. */
  methods(): MfaMethodOption[];
  /** 'Transaction Protection': Continue. ('Not now' closes.) */
  continueIntro(): void;
  /**
   * A factor on the list: the user verifies first when they have a factor already (adding one needs
   * it), then its setup: the phone number, the QR code, or the passkeys. Resolves with the error to
   * show, or null.
   */
  select(method: MfaMethod): Promise<string | null>;
  /** A factor's remove button: the user verifies, then the confirmation screen. */
  askRemove(method: MfaMethod): Promise<string | null>;
  /** The confirmation's Remove: the factor goes, and the list shows again. */
  remove(method: MfaMethod): Promise<string | null>;
  /** SMS setup: has the code texted to `phoneNumber`. */
  sendSmsCode(phoneNumber: string): Promise<string | null>;
  submitSmsCode(phoneNumber: string, code: string): Promise<string | null>;
  /** Authenticator setup: from the QR code to the code. */
  totpScanned(): void;
  submitTotpCode(code: string): Promise<string | null>;
  /** The user's passkeys, newest first. */
  passkeys(): MfaPasskeyOption[];
  /** 'Add new passkey' (hidden at 5): links one (WebAuthn on this page); it then shows in the list. */
  canAddPasskey(): boolean;
  addPasskey(): Promise<string | null>;
  /** The passkeys that verify from now on (none: passkeys stop being a factor). */
  savePasskeys(credentialIds: string[]): Promise<string | null>;
  /** Done: the flow ends. */
  done(): void;
}

const passkeysOf = (user: User | null) =>
  (user?.linked_accounts ?? []).filter((account) => account.type === 'passkey') as unknown as {
    credential_id: string;
    authenticator_name?: string | null;
    first_verified_at: number | null;
    enrolled_in_mfa: boolean;
  }[];

/** What the screen says about a failure: the spec's texts where it has one, else the error's message. */
function problem(error: unknown): string {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'invalid_request_arguments' && error instanceof Error) return error.message;
  if (type === 'mfa_timeout') return mfaUiMessages.timeout;
  if (type === 'mfa_verification_max_attempts_reached') return mfaUiMessages.maxAttempts;
  if (type === 'client_error' && error instanceof Error) return error.message;
  if (error instanceof LatchkeyError && error.message) return error.message;
  return mfaUiMessages.other;
}

/**
 * The enrolment screens without a UI (spec document 1 §2 'Multi-factor'): the intro, the method list
 * with 'Enabled' chips and remove buttons, SMS, authenticator and passkey setup, removal
 * confirmations. Adding or removing a factor when the user has one asks them to verify first (the
 * verification screen shows over these; the frame then holds the token the next calls need).
 */
export function createMfaEnrollmentFlow(
  rt: FlowRuntime,
  mfa: MfaClient = createMfaClient(rt.client),
): MfaEnrollmentFlow {
  const { client } = rt;
  const user = () => client.getState().user;
  const push = (screen: Screen) => rt.navigate({ type: 'push', screen });
  /** Runs `action`; resolves with the text to show when it failed. */
  const attempt = async (action: () => Promise<void>): Promise<string | null> => {
    try {
      await action();
      return null;
    } catch (error) {
      return problem(error);
    }
  };
  /** Adding or removing a factor once there is one: verify first (the frame keeps the token). */
  const verifyFirst = async () => {
    if (userMfaMethods(user()).length > 0) await mfa.promptMfa();
  };
  /** The list again, as the flow's root (the intro and the confirmation are behind the user). */
  const backToMethods = () => rt.navigate({ type: 'reset', screen: { name: 'mfa-enroll-methods' } });

  const flow: MfaEnrollmentFlow = {
    firstScreen() {
      const offered = flow.methods();
      return offered.length > 0 && userMfaMethods(user()).length === 0
        ? { name: 'mfa-enroll-intro' }
        : { name: 'mfa-enroll-methods' };
    },
    methods() {
      const offered = new Set<string>(rt.app()?.mfa_methods ?? []);
      const enrolled = new Set<string>(userMfaMethods(user()));
      return methodOrder
        .filter((method) => offered.has(method) && (mfaMethods as readonly string[]).includes(method))
        .map((method) => ({ method, enabled: enrolled.has(method) }));
    },
    continueIntro() {
      push({ name: 'mfa-enroll-methods' });
    },
    select(method) {
      return attempt(async () => {
        await verifyFirst();
        if (method === 'sms') push({ name: 'mfa-enroll-sms' });
        else if (method === 'passkey') push({ name: 'mfa-enroll-passkey' });
        else {
          const { secret, authUrl } = await mfa.initEnrollmentWithTotp();
          push({ name: 'mfa-enroll-totp', secret, authUrl });
        }
      });
    },
    askRemove(method) {
      return attempt(async () => {
        await verifyFirst();
        push({ name: 'mfa-remove', method });
      });
    },
    remove(method) {
      return attempt(async () => {
        await mfa.unenroll(method);
        backToMethods();
      });
    },
    sendSmsCode(phoneNumber) {
      return attempt(async () => {
        await mfa.initEnrollmentWithSms({ phoneNumber });
        push({ name: 'mfa-enroll-sms-code', phoneNumber });
      });
    },
    submitSmsCode(phoneNumber, code) {
      return attempt(async () => {
        await mfa.submitEnrollmentWithSms({ phoneNumber, mfaCode: code });
        rt.navigate({ type: 'replace', screen: { name: 'mfa-enrolled', method: 'sms' } });
      });
    },
    totpScanned() {
      push({ name: 'mfa-enroll-totp-code' });
    },
    submitTotpCode(code) {
      return attempt(async () => {
        await mfa.submitEnrollmentWithTotp({ mfaCode: code });
        rt.navigate({ type: 'replace', screen: { name: 'mfa-enrolled', method: 'totp' } });
      });
    },
    passkeys() {
      return passkeysOf(user())
        .map((passkey) => ({
          credentialId: passkey.credential_id,
          name: passkey.authenticator_name ?? null,
          addedAt: passkey.first_verified_at === null ? null : new Date(passkey.first_verified_at * 1000),
          enrolled: passkey.enrolled_in_mfa === true,
        }))
        .sort((a, b) => (b.addedAt?.getTime() ?? 0) - (a.addedAt?.getTime() ?? 0));
    },
    canAddPasskey: () => passkeysOf(user()).length < limits.maxPasskeysPerUser,
    addPasskey() {
      return attempt(async () => {
        await client.passkey.link();
      });
    },
    savePasskeys(credentialIds) {
      return attempt(async () => {
        if (credentialIds.length === 0) await mfa.unenroll('passkey');
        else await mfa.submitEnrollmentWithPasskey({ credentialIds });
        rt.navigate({ type: 'replace', screen: { name: 'mfa-enrolled', method: 'passkey' } });
      });
    },
    done() {
      rt.finishWithSuccess(true, 0);
    },
  };
  return flow;
}
