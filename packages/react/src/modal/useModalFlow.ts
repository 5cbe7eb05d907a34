import type { LatchkeyClient } from '@latchkey/core';
import { createModalFlow, type ModalFlow } from '@latchkey/core/modal';
import { type RefObject, useEffect, useMemo, useRef } from 'react';
import { fundingPromptTask } from '../embedded/fundWallet.ts';
import type { LatchkeyEvents } from '../events.ts';
import type { LatchkeyConfig } from '../types.ts';
import { reportOutcome } from './reportOutcome.ts';
import { walletCaptcha } from './walletCaptcha.ts';

export interface UseModalFlowParameters {
  client: LatchkeyClient;
  config: LatchkeyConfig;
  events: LatchkeyEvents;
  onClose(): void;
  /** Where a wallet sign-in's captcha widget renders. */
  captchaHost: RefObject<HTMLElement | null>;
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
              ...funding,
              promptTask: (wallet) => fundingPromptTask(client, latest.current.config, wallet),
            },
          };
        },
        report: (outcome) => reportOutcome(latest.current.events, client, outcome),
        dismiss: () => latest.current.onClose(),
        walletCaptcha: () => walletCaptcha(captchaHost.current, client.getState().appConfig),
      }),
    [client, captchaHost],
  );
  useEffect(() => flow.attach(), [flow]);
  return flow;
}
