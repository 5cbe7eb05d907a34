import type { LatchkeyClient } from '@latchkey/core';
import { createContext, useContext } from 'react';
import type { EmbeddedModalTask } from './embedded/modalTask.ts';
import type { LatchkeyEvents } from './events.ts';
import type { ExportWalletTarget } from './hooks/useExportWallet.ts';
import type { LatchkeyConfig, ModalIntent, WalletChainTypeOption } from './types.ts';

export interface ModalOptions {
  /** Wallet picker: which chains to offer. */
  walletChainType?: WalletChainTypeOption | undefined;
  /** Deep link: connect this wallet client at once (`privy_wallet_client`). */
  walletClient?: string | null | undefined;
  /** Embedded-wallet flows: the hook's promise, settled by the modal when the flow ends. */
  embeddedTask?: EmbeddedModalTask | undefined;
  /** `export-wallet`: the embedded wallet whose key the export screen shows. */
  exportWallet?: ExportWalletTarget | undefined;
}

export interface LatchkeyContextValue {
  client: LatchkeyClient;
  config: LatchkeyConfig;
  events: LatchkeyEvents;
  /** Opens the modal for a flow. */
  openModal(intent: ModalIntent, options?: ModalOptions): void;
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
