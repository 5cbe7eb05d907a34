import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { keyStoreConfigFromEnv } from './key-store-config.ts';

describe('LATCHKEY_KEY_STORE', () => {
  it('is null when unset', () => {
    expect(keyStoreConfigFromEnv({})).toBeNull();
    expect(keyStoreConfigFromEnv({ LATCHKEY_KEY_STORE: '' })).toBeNull();
  });

  it('file:<path> takes the path, resolved', () => {
    expect(keyStoreConfigFromEnv({ LATCHKEY_KEY_STORE: 'file:/etc/latchkey/recovery.key' })).toEqual({
      kind: 'file',
      path: '/etc/latchkey/recovery.key',
    });
    expect(keyStoreConfigFromEnv({ LATCHKEY_KEY_STORE: 'file:keys/recovery.key' })).toEqual({
      kind: 'file',
      path: resolve('keys/recovery.key'),
    });
  });

  it('pkcs11 reads the module, the token (label or slot), the PIN and the key label', () => {
    const base = {
      LATCHKEY_KEY_STORE: 'pkcs11',
      LATCHKEY_PKCS11_MODULE: '/usr/lib/softhsm/libsofthsm2.so',
      LATCHKEY_PKCS11_PIN: '1234',
    };
    expect(keyStoreConfigFromEnv({ ...base, LATCHKEY_PKCS11_TOKEN_LABEL: 'latchkey' })).toEqual({
      kind: 'pkcs11',
      module: '/usr/lib/softhsm/libsofthsm2.so',
      token: { label: 'latchkey' },
      pin: '1234',
      keyLabel: 'latchkey-recovery',
    });
    expect(
      keyStoreConfigFromEnv({ ...base, LATCHKEY_PKCS11_SLOT: '1234567890', LATCHKEY_PKCS11_KEY_LABEL: 'k2' }),
    ).toMatchObject({ token: { slot: 1234567890n }, keyLabel: 'k2' });
  });

  it('refuses what it cannot use, naming the variable and never the PIN', () => {
    const cases: [NodeJS.ProcessEnv, RegExp][] = [
      [{ LATCHKEY_KEY_STORE: 'vault' }, /file:<path>.*or pkcs11/],
      [{ LATCHKEY_KEY_STORE: 'file:' }, /file:<path>/],
      [
        { LATCHKEY_KEY_STORE: 'pkcs11', LATCHKEY_PKCS11_PIN: 'secret-pin' },
        /LATCHKEY_PKCS11_MODULE must be set/,
      ],
      [
        { LATCHKEY_KEY_STORE: 'pkcs11', LATCHKEY_PKCS11_MODULE: '/m.so', LATCHKEY_PKCS11_PIN: 'secret-pin' },
        /one of LATCHKEY_PKCS11_TOKEN_LABEL and LATCHKEY_PKCS11_SLOT/,
      ],
      [
        {
          LATCHKEY_KEY_STORE: 'pkcs11',
          LATCHKEY_PKCS11_MODULE: '/m.so',
          LATCHKEY_PKCS11_SLOT: 'first',
          LATCHKEY_PKCS11_PIN: 'secret-pin',
        },
        /LATCHKEY_PKCS11_SLOT must be a slot id/,
      ],
      [
        { LATCHKEY_KEY_STORE: 'pkcs11', LATCHKEY_PKCS11_MODULE: '/m.so', LATCHKEY_PKCS11_TOKEN_LABEL: 't' },
        /LATCHKEY_PKCS11_PIN must be set/,
      ],
    ];
    for (const [env, message] of cases) {
      expect(() => keyStoreConfigFromEnv(env), JSON.stringify(env)).toThrow(message);
      expect(() => keyStoreConfigFromEnv(env)).not.toThrow(/secret-pin/);
    }
  });
});
