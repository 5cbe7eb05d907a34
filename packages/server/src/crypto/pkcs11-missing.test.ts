import { afterEach, describe, expect, it, vi } from 'vitest';

// pkcs11js is an optional dependency (a native addon that needs a C++ toolchain to install): a server
// without it runs on a file key store, and one configured for PKCS#11 says what is missing.
describe('LATCHKEY_KEY_STORE=pkcs11 without pkcs11js', () => {
  afterEach(() => {
    vi.doUnmock('pkcs11js');
    vi.resetModules();
  });

  it('refuses to open with an error that names the optional dependency and how to install it', async () => {
    vi.doMock('pkcs11js', () => {
      throw Object.assign(new Error("Cannot find package 'pkcs11js'"), { code: 'ERR_MODULE_NOT_FOUND' });
    });
    const { openConfiguredKeyStore } = await import('./key-store-config.ts');
    const opening = openConfiguredKeyStore({
      config: {
        kind: 'pkcs11',
        module: '/usr/lib/softhsm/libsofthsm2.so',
        token: { label: 'latchkey' },
        pin: '1234',
        keyLabel: 'latchkey-recovery',
      },
      dataDir: ':memory:',
      development: false,
      create: true,
    });
    await expect(opening).rejects.toThrow(
      /^LATCHKEY_KEY_STORE=pkcs11 needs the pkcs11js package, an optional dependency of @latchkey\/server that is not installed or whose native addon did not build\. .*`npm install pkcs11js`/,
    );
  });

  it('leaves a file key store working', async () => {
    vi.doMock('pkcs11js', () => {
      throw new Error('pkcs11js must not be loaded for a file key store');
    });
    const { openConfiguredKeyStore } = await import('./key-store-config.ts');
    const store = await openConfiguredKeyStore({
      config: null,
      dataDir: ':memory:',
      development: true,
      create: true,
    });
    const sealed = await store.seal(new Uint8Array([1, 2, 3]), 'context');
    expect(await store.open(sealed, 'context')).toEqual(new Uint8Array([1, 2, 3]));
    await store.close();
  });
});
