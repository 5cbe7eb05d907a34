import type { EmbeddedChain } from './embedded-settings.ts';
import type { ModalIntent, ModalOptions } from './intents.ts';

/** The modal flows a hook waits on: the password prompt, the password flow, creation behind it. */
export type EmbeddedIntent = Extract<ModalIntent, 'recover-wallet' | 'set-wallet-password' | 'create-wallet'>;

/**
 * The promise behind an embedded-wallet flow in the modal: the modal settles it once, with the
 * flow's outcome, or rejects it when the user closes the modal first.
 */
export interface EmbeddedModalTask {
  /** `create-wallet`: the chain of the new wallet. */
  chainType?: EmbeddedChain | undefined;
  /** `recover-wallet`: the imported wallet to recover (else the user's HD wallets). */
  address?: string | undefined;
  /**
   * `set-wallet-password` for a wallet that has a password: the flow first asks for it ('Enter your
   * password'), since the frame moves a password wallet only with its current password.
   */
  askCurrentPassword?: boolean | undefined;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

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
