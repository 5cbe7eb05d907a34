/** `@latchkey/test/stand-ins`: local servers that speak outside services' protocols, and SoftHSM2. */
export * from './siteverify-stand-in.ts';
export * from './smtp-listener.ts';
export * from './softhsm.ts';
export * from './twilio-stand-in.ts';
