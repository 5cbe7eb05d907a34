import type { EmbeddedModalTask, ModalIntent, ModalOptions } from './intents.ts';

/** The modal flows a hook waits on: the password prompt, the password flow, creation behind it. */
export type EmbeddedIntent = Extract<ModalIntent, 'recover-wallet' | 'set-wallet-password' | 'create-wallet'>;

export type OpenModal = (intent: ModalIntent, options?: ModalOptions) => void;

export const isEmbeddedIntent = (intent: ModalIntent): intent is EmbeddedIntent =>
  intent === 'recover-wallet' || intent === 'set-wallet-password' || intent === 'create-wallet';

/**
 * Opens `intent` in the modal and resolves with what the flow produced.
 *
 * @example
 * await runModalTask(openModal, 'recover-wallet'); // the wallet is on this device now
 */
export function runModalTask<T = unknown>(
  openModal: OpenModal,
  intent: EmbeddedIntent,
  details: Pick<EmbeddedModalTask, 'chainType' | 'address' | 'askCurrentPassword'> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    openModal(intent, {
      embeddedTask: { ...details, resolve: resolve as (value: unknown) => void, reject },
    });
  });
}
