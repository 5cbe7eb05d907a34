export { createApp, updateApp } from './apps/app-service.ts';
export { FileKeyStore } from './crypto/file-key-store.ts';
export type { KeyStore } from './crypto/key-store.ts';
export type { KeyStoreConfig } from './crypto/key-store-config.ts';
export type { Latchkey, LatchkeyOptions } from './server.ts';
export { createLatchkey, listen, optionsFromEnv } from './server.ts';
export type { ServerSettings } from './settings.ts';
