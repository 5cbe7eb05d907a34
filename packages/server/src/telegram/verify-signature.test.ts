import { generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebAppSignature } from './verify-signature.ts';

const botId = '7342037359';
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url').toString('hex');

const fields = {
  auth_date: '1733584787',
  chat_instance: '4342783565574335465',
  chat_type: 'sender',
  user: '{"id":279058397,"first_name":"Vladislav"}',
  hash: 'not checked here',
};

/** Telegram's third-party signature: `"<bot_id>:WebAppData\n"` + the fields but hash and signature. */
const signatureOf = (data: Record<string, string>, bot = botId, key = privateKey) => {
  const text = Object.keys(data)
    .filter((k) => k !== 'hash' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${data[k]}`)
    .join('\n');
  return sign(null, Buffer.from(`${bot}:WebAppData\n${text}`), key).toString('base64url');
};

describe('verifyWebAppSignature', () => {
  it('accepts Telegram’s Ed25519 signature for the bot, with or without base64 padding', () => {
    const signature = signatureOf(fields);
    expect(verifyWebAppSignature({ ...fields, signature }, botId, publicKeyHex)).toBe(
      'auth_date=1733584787\nchat_instance=4342783565574335465\nchat_type=sender\nuser={"id":279058397,"first_name":"Vladislav"}',
    );
    expect(
      verifyWebAppSignature({ ...fields, signature: `${signature}==` }, botId, publicKeyHex),
    ).not.toBeNull();
  });

  it('refuses another bot id, another key, a changed field, and no or malformed signature', () => {
    const signature = signatureOf(fields);
    expect(verifyWebAppSignature({ ...fields, signature }, '1', publicKeyHex)).toBeNull();
    const other = generateKeyPairSync('ed25519').privateKey;
    expect(
      verifyWebAppSignature({ ...fields, signature: signatureOf(fields, botId, other) }, botId, publicKeyHex),
    ).toBeNull();
    expect(
      verifyWebAppSignature({ ...fields, signature, auth_date: '1733584788' }, botId, publicKeyHex),
    ).toBeNull();
    expect(verifyWebAppSignature(fields, botId, publicKeyHex)).toBeNull();
    expect(verifyWebAppSignature({ ...fields, signature: 'short' }, botId, publicKeyHex)).toBeNull();
    expect(verifyWebAppSignature({ ...fields, signature: '_'.repeat(86) }, botId, publicKeyHex)).toBeNull();
  });

  it('does not take the hash into what it checks (the hash is keyed by a token a third party lacks)', () => {
    const signature = signatureOf(fields);
    expect(
      verifyWebAppSignature({ ...fields, signature, hash: 'anything' }, botId, publicKeyHex),
    ).not.toBeNull();
  });
});
