import { passkeysSupported } from '@latchkey/core/modal';
import {
  type AppResponse,
  type CustomOAuthProviderName,
  enabledByConfig,
  isLoginMethod,
  isOAuthProvider,
  type LoginMethod,
  type ModalLoginMethod,
} from '@latchkey/protocol';
import type { LatchkeyConfig } from '../../types.ts';

/** One row of the landing screen. */
export type Slot =
  | { kind: 'email-input' }
  | { kind: 'method'; method: ModalLoginMethod }
  /** An OpenID provider the app configured itself (`custom_oauth_providers`), by its name and icon. */
  | { kind: 'custom-oauth'; provider: CustomOAuthProviderName; name: string; iconUrl: string | null }
  /** web3-first: one button that opens the email/SMS/social options. */
  | { kind: 'web2-group' }
  | { kind: 'more' };

export interface LandingLayout {
  primary: Slot[];
  overflow: Slot[];
  /** The overflow holds social providers only ('Other socials'). */
  overflowIsSocials: boolean;
  /** web3-first group button: true when the group includes social providers. */
  groupHasSocials: boolean;
}

/** The landing screen shows at most 5 slots (spec document 1 §9). */
export const maxLoginSlots = 5;

// Social logins are the OAuth providers (one list, in @latchkey/protocol) and the app's own ones.
const isSocial = isOAuthProvider;
const isSocialSlot = (slot: Slot) =>
  slot.kind === 'custom-oauth' || (slot.kind === 'method' && isSocial(slot.method));

/** The app's custom OpenID providers that are on, as landing slots. */
export function customProviderSlots(app: AppResponse | null): Slot[] {
  return (app?.custom_oauth_providers ?? [])
    .filter((p) => p.enabled)
    .map((p) => ({
      kind: 'custom-oauth',
      provider: p.provider,
      name: p.provider_display_name || p.provider.slice('custom:'.length),
      iconUrl: p.provider_icon_url,
    }));
}

/**
 * The methods to offer: the app's `config.loginMethods` when given (deduplicated), else those
 * the server's app config enables. Guest login has no button.
 *
 * @example
 * enabledLoginMethods({ ...app, email_auth: true, sms_auth: true }) // ['email', 'sms']
 */
export function enabledLoginMethods(
  app: AppResponse | null,
  configured?: readonly string[],
  webAuthn: boolean = passkeysSupported(),
): ModalLoginMethod[] {
  // Guest login has no button; passkeys are off where the browser has no WebAuthn (spec document 1 §5).
  const withButton = (m: LoginMethod): m is ModalLoginMethod =>
    m !== 'guest' && (m !== 'passkey' || webAuthn);
  // A method Latchkey has not (the incumbent's 'twitch' …: reported by config/unsupportedOptions.ts) has no button.
  if (configured) return [...new Set(configured)].filter(isLoginMethod).filter(withButton);
  if (!app) return [];
  // The app's switches, in protocol's order, the wallet last.
  const methods = enabledByConfig(app).filter(withButton);
  return [...methods.filter((m) => m !== 'wallet'), ...methods.filter((m) => m === 'wallet')];
}

/**
 * Lays the methods out in slots (spec document 1 §2 Login). web2-first: email, SMS and socials,
 * then the wallet; more than 5 shows 4 plus 'More options'. web3-first (only with a wallet
 * method): the wallet, then one button that opens the rest.
 *
 * @example
 * landingLayout({ methods: ['email', 'sms'], priority: 'web2-first' }).primary
 * // [{ kind: 'email-input' }, { kind: 'method', method: 'sms' }]
 */
export function landingLayout(options: {
  methods: ModalLoginMethod[];
  /** The app's own OpenID providers (`customProviderSlots`), after the built-in socials. */
  customProviders?: Slot[] | undefined;
  priority?: 'web2-first' | 'web3-first' | undefined;
  hideDirectWeb2Inputs?: boolean | undefined;
}): LandingLayout {
  const { methods, customProviders = [], priority = 'web2-first', hideDirectWeb2Inputs = false } = options;
  const web2: Slot[] = [
    ...methods
      .filter((m) => m !== 'wallet')
      .map(
        (method): Slot =>
          method === 'email' && !hideDirectWeb2Inputs ? { kind: 'email-input' } : { kind: 'method', method },
      ),
    ...customProviders,
  ];
  const hasWallet = methods.includes('wallet');
  const wallet: Slot[] = hasWallet ? [{ kind: 'method', method: 'wallet' }] : [];
  const groupHasSocials = web2.some(isSocialSlot);
  const onlySocials = (slots: Slot[]) => slots.length > 0 && slots.every(isSocialSlot);

  if (priority === 'web3-first' && hasWallet && web2.length > 0) {
    return {
      primary: [...wallet, { kind: 'web2-group' }],
      overflow: web2,
      overflowIsSocials: false,
      groupHasSocials,
    };
  }
  const all = priority === 'web3-first' ? [...wallet, ...web2] : [...web2, ...wallet];
  if (all.length <= maxLoginSlots) {
    return { primary: all, overflow: [], overflowIsSocials: false, groupHasSocials };
  }
  const overflow = all.slice(maxLoginSlots - 1);
  return {
    primary: [...all.slice(0, maxLoginSlots - 1), { kind: 'more' }],
    overflow,
    overflowIsSocials: onlySocials(overflow),
    groupHasSocials,
  };
}

/** The landing layout for this app and the host's config (`loginMethods`, `appearance`). */
export function landingOf(app: AppResponse | null, config: LatchkeyConfig): LandingLayout {
  const appearance = config.appearance;
  return landingLayout({
    methods: enabledLoginMethods(app, config.loginMethods),
    // A host that lists its methods lists the built-in ones only: the app's own providers then stay off.
    customProviders: config.loginMethods ? [] : customProviderSlots(app),
    priority: appearance?.loginGroupPriority ?? (app?.show_wallet_login_first ? 'web3-first' : 'web2-first'),
    hideDirectWeb2Inputs: appearance?.hideDirectWeb2Inputs,
  });
}

/** The landing's height: full (620 px) with more than 3 slots, else compact (modal/screenSize.ts). */
export function landingSize(app: AppResponse | null, config: LatchkeyConfig): 'full' | 'compact' {
  return landingOf(app, config).primary.length > 3 ? 'full' : 'compact';
}
