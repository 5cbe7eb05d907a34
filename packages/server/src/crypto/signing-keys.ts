import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { exportPKCS8, exportSPKI, generateKeyPair, type JWK } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../storage/schema.ts';
import type { KeyStore } from './key-store.ts';
import { randomId } from './random.ts';
import { sealedKind } from './sealed-value.ts';
import { type SecretBox, secretBoxKind } from './secret-box.ts';

/**
 * Keys are node:crypto KeyObjects, made once when the app's keys load: tokens are signed and
 * verified synchronously with them (tokens/es256-jws.ts), and jose accepts them too.
 */
export interface PublicSigningKey {
  kid: string;
  pem: string;
  key: KeyObject;
  jwk: JWK;
  retired: boolean;
}

export interface ActiveSigningKey {
  kid: string;
  privateKey: KeyObject;
  pem: string;
}

interface AppKeys {
  active: ActiveSigningKey | null;
  all: PublicSigningKey[];
  at: number;
}

const alg = 'ES256';
const context = (kid: string) => `signing-key:${kid}`;

/**
 * What creating and rotating keys need of the server context, named here rather than imported: the
 * context carries `SigningKeys`, so this file sits below context.ts (no folder cycle).
 */
export interface SigningKeyContext {
  db: Kysely<Database>;
  keyStore: KeyStore;
  signingKeys: SigningKeys;
  now(): number;
}

/** The keys a signing key's private half may be sealed with. */
export type SigningKeyKeys = { secretBox: SecretBox; keyStore: KeyStore };

/**
 * Opens a sealed private key: by the key store, or, sealed before signing keys moved there, by the
 * secret box (`v1.`; startup re-seals those: `resealLegacySigningKeys`).
 */
function openPrivateKey(keys: SigningKeyKeys, sealed: string, kid: string): Promise<Uint8Array> {
  return sealedKind(sealed) === secretBoxKind
    ? Promise.resolve().then(() => keys.secretBox.open(sealed, context(kid)))
    : keys.keyStore.open(sealed, context(kid));
}

/**
 * Per-app ES256 signing keys. The newest unretired key signs; every key (retired ones too) stays
 * published in the JWKS so tokens signed before a rotation still verify until they expire. Private
 * halves are sealed by the key store, not with the master key: a stolen database with its data dir
 * must not mint tokens, which the live server would honour (docs/security.md, key separation).
 */
export class SigningKeys {
  readonly #db: Kysely<Database>;
  readonly #keys: SigningKeyKeys;
  readonly #cache = new Map<string, AppKeys>();

  constructor(db: Kysely<Database>, keys: SigningKeyKeys) {
    this.#db = db;
    this.#keys = keys;
  }

  async active(appId: string): Promise<ActiveSigningKey> {
    const keys = await this.#load(appId);
    if (!keys.active) throw new Error(`App ${appId} has no signing key`);
    return keys.active;
  }

  /** Public keys for verification; an unknown `kid` reloads once, in case another replica rotated. */
  async publicKeys(appId: string, wantedKid?: string): Promise<PublicSigningKey[]> {
    const keys = await this.#load(appId);
    if (wantedKid && !keys.all.some((k) => k.kid === wantedKid)) return (await this.#load(appId, true)).all;
    return keys.all;
  }

  forget(appId: string): void {
    this.#cache.delete(appId);
  }

  async #load(appId: string, fresh = false): Promise<AppKeys> {
    const hit = this.#cache.get(appId);
    if (hit && !fresh && Date.now() - hit.at < 60_000) return hit;
    const rows = await this.#db
      .selectFrom('signing_keys')
      .selectAll()
      .where('app_id', '=', appId)
      .orderBy('created_at', 'desc')
      .execute();
    const all = rows.map((row): PublicSigningKey => {
      const key = createPublicKey(row.public_key_pem);
      const jwk = { ...(key.export({ format: 'jwk' }) as JWK), kid: row.kid, alg, use: 'sig' };
      return { kid: row.kid, pem: row.public_key_pem, key, jwk, retired: row.retired_at !== null };
    });
    const current = rows.find((r) => r.retired_at === null);
    let active: AppKeys['active'] = null;
    if (current) {
      const pkcs8 = new TextDecoder().decode(
        await openPrivateKey(this.#keys, current.private_key_encrypted, current.kid),
      );
      active = { kid: current.kid, privateKey: createPrivateKey(pkcs8), pem: current.public_key_pem };
    }
    const entry = { active, all, at: Date.now() };
    this.#cache.set(appId, entry);
    return entry;
  }
}

async function insertKey(ctx: SigningKeyContext, appId: string): Promise<string> {
  const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
  const kid = randomId(16);
  const pkcs8 = new TextEncoder().encode(await exportPKCS8(privateKey));
  await ctx.db
    .insertInto('signing_keys')
    .values({
      kid,
      app_id: appId,
      public_key_pem: await exportSPKI(publicKey),
      private_key_encrypted: await ctx.keyStore.seal(pkcs8, context(kid)),
      created_at: ctx.now(),
      retired_at: null,
    })
    .execute();
  return kid;
}

/** Creates the app's first signing key if it has none. */
export async function ensureSigningKey(ctx: SigningKeyContext, appId: string): Promise<void> {
  const existing = await ctx.db
    .selectFrom('signing_keys')
    .select('kid')
    .where('app_id', '=', appId)
    .where('retired_at', 'is', null)
    .executeTakeFirst();
  if (!existing) await insertKey(ctx, appId);
  ctx.signingKeys.forget(appId);
}

/** Starts signing with a fresh key; the old one is retired but stays published. */
export async function rotateSigningKey(ctx: SigningKeyContext, appId: string): Promise<string> {
  await ctx.db
    .updateTable('signing_keys')
    .set({ retired_at: ctx.now() })
    .where('app_id', '=', appId)
    .where('retired_at', 'is', null)
    .execute();
  const kid = await insertKey(ctx, appId);
  ctx.signingKeys.forget(appId);
  return kid;
}

/**
 * Whether this secret box opens a stored signing key: how a database set up before key check
 * values tells a wrong master key (crypto/key-checks.ts).
 */
export async function probeSigningKey(
  db: Kysely<Database>,
  box: SecretBox,
): Promise<'opens' | 'fails' | 'none'> {
  // Only keys still sealed with the master key say anything about it.
  const row = await db
    .selectFrom('signing_keys')
    .select(['kid', 'private_key_encrypted'])
    .where('private_key_encrypted', 'like', `${secretBoxKind}.%`)
    .limit(1)
    .executeTakeFirst();
  if (!row) return 'none';
  try {
    box.open(row.private_key_encrypted, context(row.kid));
    return 'opens';
  } catch {
    return 'fails';
  }
}

/**
 * Re-seals, under the key store, the signing keys sealed with the master key before signing keys
 * moved there; runs at every start and finds nothing to do once done. One conditional UPDATE per
 * key, so a key rotated or re-sealed meanwhile (another replica) is never overwritten. Returns how
 * many keys it rewrote.
 */
export async function resealLegacySigningKeys(db: Kysely<Database>, keys: SigningKeyKeys): Promise<number> {
  const rows = await db
    .selectFrom('signing_keys')
    .select(['kid', 'private_key_encrypted'])
    .where('private_key_encrypted', 'like', `${secretBoxKind}.%`)
    .execute();
  let resealed = 0;
  for (const row of rows) {
    const plaintext = keys.secretBox.open(row.private_key_encrypted, context(row.kid));
    let sealed: string;
    try {
      sealed = await keys.keyStore.seal(plaintext, context(row.kid));
    } finally {
      plaintext.fill(0);
    }
    const result = await db
      .updateTable('signing_keys')
      .set({ private_key_encrypted: sealed })
      .where('kid', '=', row.kid)
      .where('private_key_encrypted', '=', row.private_key_encrypted)
      .executeTakeFirst();
    resealed += Number(result.numUpdatedRows);
  }
  return resealed;
}
