import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import type { AppRecord, StoredAppConfig } from './app-record.ts';
import { defaultConfig, defaultServerSettings, mergePatch } from './config-schema.ts';
import { featureSettingDefaults } from './feature-settings.ts';

/**
 * Apps are read on every request, so each process keeps them for a few seconds. Changes made by
 * this process are seen at once; changes by another replica within `ttlMs`.
 */
export class AppCache {
  readonly #db: Kysely<Database>;
  readonly #ttlMs: number;
  readonly #entries = new Map<string, { app: AppRecord | null; at: number }>();

  constructor(db: Kysely<Database>, ttlMs = 2_000) {
    this.#db = db;
    this.#ttlMs = ttlMs;
  }

  async load(id: string, options: { fresh?: boolean } = {}): Promise<AppRecord | null> {
    const hit = this.#entries.get(id);
    if (hit && !options.fresh && Date.now() - hit.at < this.#ttlMs) return hit.app;
    const row = await this.#db.selectFrom('apps').selectAll().where('id', '=', id).executeTakeFirst();
    let app: AppRecord | null = null;
    if (row) {
      const stored = JSON.parse(row.config) as StoredAppConfig;
      app = {
        id: row.id,
        // Fields added to the defaults after an app was stored appear with their default value.
        config: mergePatch(defaultConfig, stored.config as unknown as Record<string, unknown>),
        // Settings added after an app was stored read as their defaults.
        settings: { ...defaultServerSettings, ...featureSettingDefaults(), ...stored.settings },
        secretHash: row.secret_hash,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      };
    }
    if (this.#entries.size > 10_000) this.#entries.clear();
    this.#entries.set(id, { app, at: Date.now() });
    return app;
  }

  forget(id: string): void {
    this.#entries.delete(id);
  }
}
