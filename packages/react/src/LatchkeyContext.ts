import type { LatchkeyClient, ModalIntent, ModalOptions } from '@latchkey/core';
import { createContext, useContext } from 'react';
import type { LatchkeyEvents } from './events.ts';
import type { JwtAuthFlowState, LatchkeyConfig } from './types.ts';

export type { ModalOptions };

export interface LatchkeyContextValue {
  client: LatchkeyClient;
  config: LatchkeyConfig;
  events: LatchkeyEvents;
  /** Opens the modal for a flow. */
  openModal(intent: ModalIntent, options?: ModalOptions): void;
  /** Whether the modal is on screen; the `modalStatus` event tells when it changes. */
  isModalOpen(): boolean;
  /** Where the custom-auth sync is; the `customAuth` event tells when it changes. */
  getCustomAuthState(): JwtAuthFlowState;
}

/** Thrown by every hook used outside `<LatchkeyProvider>`. */
export const missingProviderMessage =
  'You need to wrap your application with the <LatchkeyProvider> initialized with your app id.';

export const LatchkeyContext = createContext<LatchkeyContextValue | null>(null);

/** The provider's value; throws the missing-provider error outside it. */
export function useLatchkeyContext(): LatchkeyContextValue {
  const value = useContext(LatchkeyContext);
  if (!value) throw new Error(missingProviderMessage);
  return value;
}
