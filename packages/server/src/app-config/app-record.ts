import type { AppConfigFields } from '@latchkey/protocol';
import type { AppServerSettings } from './config-schema.ts';

/** An app as the server holds it: public config, server settings and the secret's hash. */
export interface AppRecord {
  id: string;
  config: AppConfigFields;
  settings: AppServerSettings;
  secretHash: string;
  createdAt: number;
  updatedAt: number;
}

/** The stored JSON column: both halves side by side. */
export interface StoredAppConfig {
  config: AppConfigFields;
  settings: AppServerSettings;
}
