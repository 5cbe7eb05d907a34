import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FileKeyStore } from './file-key-store.ts';
import { KeyStoreKeyMissing } from './key-store.ts';
import { defaultKeyFile, openConfiguredKeyStore } from './key-store-config.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const text = (value: Uint8Array) => new TextDecoder().decode(value);
const root = mkdtempSync(join(tmpdir(), 'lk-file-key-store-'));
let n = 0;
const freshPath = () => join(root, `case-${++n}`, 'keys', 'recovery.key');

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('FileKeyStore', () => {
  it('seals as kf1 (never the secret box kind) and opens under the same context only', async () => {
    const store = await FileKeyStore.open(freshPath(), { create: true });
    const sealed = await store.seal(bytes('recovery share'), 'embedded-recovery-share:row1');
    expect(sealed).toMatch(/^kf1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(text(await store.open(sealed, 'embedded-recovery-share:row1'))).toBe('recovery share');
    await expect(store.open(sealed, 'embedded-recovery-share:row2')).rejects.toThrow();
    await expect(store.open(sealed, 'embedded-recovery-key:row1')).rejects.toThrow();
  });

  it('refuses a tampered value, a truncated tag and another kind', async () => {
    const store = await FileKeyStore.open(freshPath(), { create: true });
    const sealed = await store.seal(bytes('recovery share'), 'ctx');
    const [kind, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0]! ^= 1;
    await expect(
      store.open([kind, iv, tag, flipped.toString('base64url')].join('.'), 'ctx'),
    ).rejects.toThrow();
    const otherIv = Buffer.from(iv, 'base64url');
    otherIv[0]! ^= 1;
    await expect(
      store.open([kind, otherIv.toString('base64url'), tag, body].join('.'), 'ctx'),
    ).rejects.toThrow();
    const short = Buffer.from(tag, 'base64url').subarray(0, 12).toString('base64url');
    await expect(store.open([kind, iv, short, body].join('.'), 'ctx')).rejects.toThrow(/tag is not 16 bytes/);
    await expect(store.open(sealed.replace(/^kf1/, 'v1'), 'ctx')).rejects.toThrow(/Unrecognised/);
  });

  it('creates the key file owner-only in an owner-only directory, and reads the same key back', async () => {
    const path = freshPath();
    const first = await FileKeyStore.open(path, { create: true });
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
    // No temporary file is left beside it.
    expect(readdirSync(join(path, '..'))).toEqual(['recovery.key']);
    const sealed = await first.seal(bytes('kept'), 'ctx');
    const second = await FileKeyStore.open(path, { create: true });
    expect(text(await second.open(sealed, 'ctx'))).toBe('kept');
    expect(second.describe()).toBe(`file ${path}`);
    // Another key (another file) cannot open it.
    const stranger = await FileKeyStore.open(freshPath(), { create: true });
    await expect(stranger.open(sealed, 'ctx')).rejects.toThrow();
  });

  it('refuses to seal or open once closed (its key is zeroed)', async () => {
    const store = await FileKeyStore.open(freshPath(), { create: true });
    const sealed = await store.seal(bytes('x'), 'ctx');
    await store.close();
    await expect(store.seal(bytes('x'), 'ctx')).rejects.toThrow(/is closed/);
    await expect(store.open(sealed, 'ctx')).rejects.toThrow(/is closed/);
  });

  it('refuses a key file others can read', async () => {
    const path = freshPath();
    await FileKeyStore.open(path, { create: true });
    chmodSync(path, 0o640);
    await expect(FileKeyStore.open(path, { create: true })).rejects.toThrow(/owner only/);
  });

  it('without create, a missing key file is refused and not created', async () => {
    const path = freshPath();
    await expect(FileKeyStore.open(path, { create: false })).rejects.toBeInstanceOf(KeyStoreKeyMissing);
    expect(existsSync(path)).toBe(false);
  });
});

describe('the development key file', () => {
  it('lives outside the data dir, so a copy of the data dir does not carry it', async () => {
    const dataDir = join(root, 'data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'master.key'), 'stand-in\n');
    expect(defaultKeyFile(dataDir)).toBe(`${dataDir}.keys/recovery.key`);
    const store = await openConfiguredKeyStore({ config: null, dataDir, development: true, create: true });
    expect(store.describe()).toBe(`file ${dataDir}.keys/recovery.key`);
    expect(existsSync(`${dataDir}.keys/recovery.key`)).toBe(true);
    const backup = join(root, 'backup');
    cpSync(dataDir, backup, { recursive: true });
    expect(readdirSync(backup, { recursive: true })).toEqual(['master.key']);
  });

  it('a configured key file inside the data dir is refused', async () => {
    const dataDir = join(root, 'data-2');
    for (const path of [join(dataDir, 'recovery.key'), join(dataDir, 'sub', 'recovery.key'), dataDir])
      await expect(
        openConfiguredKeyStore({ config: { kind: 'file', path }, dataDir, development: true, create: true }),
        path,
      ).rejects.toThrow(/is inside the data dir/);
    expect(existsSync(join(dataDir, 'recovery.key'))).toBe(false);
    // A sibling whose name merely starts with the data dir's is outside it.
    const sibling = `${dataDir}-keys/recovery.key`;
    const store = await openConfiguredKeyStore({
      config: { kind: 'file', path: sibling },
      dataDir,
      development: false,
      create: true,
    });
    expect(store.describe()).toBe(`file ${sibling}`);
  });

  it('outside development, no configured key store refuses to start', async () => {
    await expect(
      openConfiguredKeyStore({
        config: null,
        dataDir: join(root, 'data-3'),
        development: false,
        create: true,
      }),
    ).rejects.toThrow(/LATCHKEY_KEY_STORE must be set outside development/);
    expect(existsSync(join(root, 'data-3.keys'))).toBe(false);
  });

  it('an in-memory database in development gets an ephemeral key', async () => {
    const store = await openConfiguredKeyStore({
      config: null,
      dataDir: ':memory:',
      development: true,
      create: true,
    });
    expect(store.describe()).toBe('an ephemeral in-memory key');
    expect(text(await store.open(await store.seal(bytes('x'), 'ctx'), 'ctx'))).toBe('x');
  });
});
