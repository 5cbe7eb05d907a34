/**
 * Where a code went (the email and SMS methods' screens carry it). Its own file because the engine's
 * error screen names the kind of address an error is about (`address`), and the engine never
 * imports a method (methods/code.ts).
 */
export type CodeTarget = { kind: 'email'; address: string } | { kind: 'sms'; phoneNumber: string };
