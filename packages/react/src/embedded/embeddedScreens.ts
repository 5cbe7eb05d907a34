/** The modal's embedded-wallet screens (navigation entries; the password steps carry the password). */
export type EmbeddedScreen =
  | { name: 'embedded-creating' }
  | { name: 'embedded-created'; isNewUser: boolean }
  | { name: 'recover-password' }
  /** 'Enter your password' before a new one: the wallet's current password. */
  | { name: 'current-password' }
  | { name: 'set-password' }
  | { name: 'set-password-save'; password: string }
  | { name: 'set-password-confirm'; password: string }
  | { name: 'set-password-acknowledge'; password: string }
  | { name: 'set-password-result'; ok: boolean };

/** Screens with no way back: work under way, or a result. */
export const embeddedFinalScreens: ReadonlySet<string> = new Set([
  'embedded-creating',
  'embedded-created',
  'set-password-result',
]);
