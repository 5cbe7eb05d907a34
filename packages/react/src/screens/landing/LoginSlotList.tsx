import type { CustomOAuthProviderName, ModalLoginMethod } from '@latchkey/protocol';
import { EmailForm } from '../../components/EmailForm.tsx';
import { RecentChip } from '../../components/RecentChip.tsx';
import { en } from '../../copy/en.ts';
import { ChevronRightIcon } from '../../icons/glyphs.tsx';
import { MailIcon, MethodIcon } from '../../icons/methods.tsx';
import { ProviderIcon } from '../../icons/ProviderIcon.tsx';
import type { LoginMethod } from '../../types.ts';
import type { Slot } from './loginSlots.ts';

export interface LoginSlotHandlers {
  onEmail(email: string): Promise<void>;
  /** The email field's text as last typed (the flow keeps it across screens). */
  emailDraft?: { value: string; select: boolean };
  onEmailDraft?(email: string): void;
  onMethod(method: LoginMethod): void;
  /** One of the app's own OpenID providers. */
  onCustomProvider(provider: CustomOAuthProviderName): void;
  /** 'More options' or the web3-first group button. */
  onMore(): void;
}

export interface LoginSlotListProps extends LoginSlotHandlers {
  slots: Slot[];
  recent: LoginMethod | null;
  whatsapp: boolean;
  disallowPlus: boolean;
  groupHasSocials: boolean;
  /** The app offers one method in all (for 'Continue with passkey'). */
  onlyMethod?: boolean;
}

/**
 * Every method with a button has its label: `en.providerNames` is checked against protocol's list.
 * A passkey is 'Continue with passkey' when it is the only method, else 'I have a passkey'.
 */
export function methodLabel(method: ModalLoginMethod, whatsapp: boolean, only = false): string {
  if (method === 'passkey' && only) return en.passkey.continueWithPasskey;
  if (method === 'email') return en.continueWithEmail;
  if (method === 'sms') return whatsapp ? en.continueWithWhatsApp : en.continueWithSms;
  if (method === 'wallet') return en.continueWithWallet;
  return en.providerNames[method];
}

/** The landing and overflow rows: the email field, method buttons, and the overflow button. */
export function LoginSlotList(props: LoginSlotListProps) {
  const { slots, recent, whatsapp, disallowPlus, groupHasSocials, onlyMethod, onEmail, onMethod, onMore } =
    props;
  const { onCustomProvider } = props;
  return (
    <div className="lk-stack">
      {slots.map((slot) => {
        if (slot.kind === 'email-input') {
          return (
            <EmailForm
              key="email"
              disallowPlus={disallowPlus}
              onSubmit={onEmail}
              draft={props.emailDraft}
              onDraft={props.onEmailDraft}
              autoFocus
              recent={recent === 'email'}
            />
          );
        }
        if (slot.kind === 'method') {
          return (
            <button
              key={slot.method}
              type="button"
              className="lk-btn"
              data-testid={`lk-login-method-${slot.method}`}
              onClick={() => onMethod(slot.method)}
            >
              <MethodIcon method={slot.method} />
              <span className="lk-grow">{methodLabel(slot.method, whatsapp, onlyMethod)}</span>
              {recent === slot.method && <RecentChip />}
            </button>
          );
        }
        if (slot.kind === 'custom-oauth') {
          return (
            <button
              key={slot.provider}
              type="button"
              className="lk-btn"
              data-testid={`lk-login-method-${slot.provider}`}
              onClick={() => onCustomProvider(slot.provider)}
            >
              <ProviderIcon provider={slot.provider} iconUrl={slot.iconUrl} />
              <span className="lk-grow">{slot.name}</span>
            </button>
          );
        }
        const label =
          slot.kind === 'more'
            ? en.moreOptions
            : groupHasSocials
              ? en.logInWithEmailOrSocials
              : en.continueWithEmailOrSms;
        return (
          <button
            key={slot.kind}
            type="button"
            className="lk-btn"
            data-testid="lk-more-options"
            onClick={onMore}
          >
            {slot.kind === 'web2-group' && <MailIcon />}
            <span className="lk-grow">{label}</span>
            <ChevronRightIcon />
          </button>
        );
      })}
    </div>
  );
}
