/**
 * How a UI layer shows MFA prompts that no app listener takes: the React provider registers its
 * modal here (a few bytes in the first load); the MFA code, loaded with the embedded wallets, calls it.
 */
const openers = new WeakMap<object, () => void>();

/** Registers the modal that asks for codes; returns the unregistration. */
export function setMfaModal(client: object, open: () => void): () => void {
  openers.set(client, open);
  return () => {
    if (openers.get(client) === open) openers.delete(client);
  };
}

export const mfaModal = (client: object): (() => void) | undefined => openers.get(client);
