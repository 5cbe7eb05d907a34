/** `@latchkey/test/stand-ins`: local servers that speak outside services' protocols, and SoftHSM2. */

export * from './coinbase-onramp-stand-in.ts';
export * from './farcaster-app.ts';
export * from './farcaster-hub-stand-in.ts';
export * from './funding-settlement.ts';
export * from './moonpay-stand-in.ts';
export * from './oauth-approvals.ts';
export * from './oauth-stand-ins.ts';
export * from './oauth-user-agent.ts';
export * from './oidc-stand-in.ts';
export * from './price-stand-in.ts';
export * from './relay-stand-in.ts';
export * from './signed-key-request-stand-in.ts';
export * from './siteverify-stand-in.ts';
export * from './smtp-listener.ts';
export * from './social-stand-in.ts';
export * from './softhsm.ts';
export * from './twilio-stand-in.ts';
