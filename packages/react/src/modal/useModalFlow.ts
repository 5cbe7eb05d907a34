import type { LatchkeyClient } from '@latchkey/core';
import { createModalFlow, type ModalFlow } from '@latchkey/core/modal';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { fundingPromptTask } from '../embedded/fundWallet.ts';
import type { LatchkeyEvents } from '../events.ts';
import type { LatchkeyConfig } from '../types.ts';
import { reportOutcome } from './reportOutcome.ts';
import { type ModalTheme, modalTheme } from './theme.ts';
import { walletCaptcha } from './walletCaptcha.ts';

export interface UseModalFlowParameters {
  client: LatchkeyClient;
  config: LatchkeyConfig;
  events: LatchkeyEvents;
  onClose(): void;
  /** Where a wallet sign-in's captcha widget renders. */
  captchaHost: RefObject<HTMLElement | null>;
}

/**
 * MoonPay's widget in the modal's scheme, with the app's accent when it sets one (MoonPay takes
 * `#rrggbb` only: `#rgb` is spelled out, other forms are left to MoonPay's own colour).
 */
export function moonpayUiConfig(theme: ModalTheme): { theme: 'light' | 'dark'; accentColor?: string } {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(theme.accent ?? '');
  const accent = short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}` : theme.accent;
  return {
    theme: theme.scheme,
    ...(accent && /^#[0-9a-f]{6}$/i.test(accent) ? { accentColor: accent } : {}),
  };
}

/** The client's modal flows, reporting to the provider's events and closing through `onClose`. */
export function useModalFlow({
  client,
  config,
  events,
  onClose,
  captchaHost,
}: UseModalFlowParameters): ModalFlow {
  const latest = useRef({ config, events, onClose });
  latest.current = { config, events, onClose };
  const flow = useMemo(
    () =>
      createModalFlow({
        client,
        settings: () => {
          const { appearance, embeddedWallets, oauthMode, funding } = latest.current.config;
          return {
            loginMessage: appearance?.loginMessage,
            embeddedWallets,
            walletChainType: appearance?.walletChainType,
            oauthMode,
            funding: {
              moonpayUiConfig: moonpayUiConfig(modalTheme(appearance, client.getState().appConfig)),
              ...funding,
              promptTask: (wallet) => fundingPromptTask(client, latest.current.config, wallet),
            },
          };
        },
        report: (outcome) => reportOutcome(latest.current.events, outcome),
        dismiss: () => latest.current.onClose(),
        walletCaptcha: () => walletCaptcha(captchaHost.current, client.getState().appConfig),
      }),
    [client, captchaHost],
  );
  useEffect(() => flow.attach(), [flow]);
  return flow;
}
