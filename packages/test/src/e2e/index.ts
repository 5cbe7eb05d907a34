/**
 * `@latchkey/test/e2e`: the browser e2e stack (the real server in-process, SMTP and Twilio stand-ins,
 * the built demo, Chromium) and the helpers that drive its pages: the login modal, the wallet picker,
 * a bare host page talking to the real wallet frame. Runs inside vitest (`inject`, `expect`).
 */
export * from './frame-host.ts';
export * from './modal.ts';
export * from './page-reads.ts';
export * from './passkeys.ts';
export * from './stack.ts';
export * from './wallets.ts';
