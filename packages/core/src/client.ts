// What <LatchkeyProvider> needs of core at first load, without the package's barrel. esbuild splits
// code by file: every module a statically imported file names (the barrel names them all) lands in
// the first load as soon as any lazy chunk uses it — the modal's embedded-wallet controller and
// settings, wallet connection state. Importing from here keeps those in the lazy chunks.
export { createLatchkeyClient } from './createLatchkeyClient.ts';
export { setMfaModal } from './embedded/mfa/modal-registry.ts';
export { clientErrorMessages, LatchkeyClientError } from './errors.ts';
export { flowKind } from './ui/intents.ts';
