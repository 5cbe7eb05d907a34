export { createApp, updateApp } from './apps/app-service.ts';
export type { Latchkey, LatchkeyOptions } from './server.ts';
export { createLatchkey, listen, optionsFromEnv } from './server.ts';
export type { ServerSettings } from './settings.ts';
