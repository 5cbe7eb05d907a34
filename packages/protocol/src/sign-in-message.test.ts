import { describe, expect, it } from 'vitest';
import { buildSiweMessage, buildSiwsMessage, signInStatement, siweStatement } from './sign-in-message.ts';

const fields = {
  domain: 'app.example.com',
  address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  uri: 'https://app.example.com',
  nonce: 'abc123XYZ',
  issuedAt: '2026-11-22T10:00:00.000Z',
};

describe('sign-in messages', () => {
  it('builds an EIP-4361 message in the incumbent layout', () => {
    expect(buildSiweMessage({ ...fields, statement: siweStatement, chainId: 1 })).toBe(
      [
        'app.example.com wants you to sign in with your Ethereum account:',
        '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        '',
        'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.',
        '',
        'URI: https://app.example.com',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: abc123XYZ',
        'Issued At: 2026-11-22T10:00:00.000Z',
        'Resources:',
        '- https://privy.io',
      ].join('\n'),
    );
  });

  it('builds the Solana variant with its statement and Chain ID mainnet', () => {
    const address = 'GsbwXfJraMomNxBcjYLcG3mxkBUiyWXAB32fGbSMQRdW';
    const message = buildSiwsMessage({ ...fields, address });
    expect(message.split('\n')).toEqual([
      'app.example.com wants you to sign in with your Solana account:',
      address,
      '',
      `You are proving you own ${address}.`,
      '',
      'URI: https://app.example.com',
      'Version: 1',
      'Chain ID: mainnet',
      'Nonce: abc123XYZ',
      'Issued At: 2026-11-22T10:00:00.000Z',
      'Resources:',
      '- https://privy.io',
    ]);
  });

  it('uses the app login message as the statement, on one line and cut to 100 characters', () => {
    expect(signInStatement(undefined)).toBe(siweStatement);
    expect(signInStatement('   ')).toBe(siweStatement);
    expect(signInStatement('Welcome\nto Acme')).toBe('Welcome to Acme');
    expect(signInStatement('x'.repeat(150))).toHaveLength(100);
  });

  it('adds an expiration time when given', () => {
    const message = buildSiweMessage({
      ...fields,
      statement: 's',
      chainId: 8453,
      expirationTime: '2026-11-22T10:10:00.000Z',
    });
    expect(message).toContain(
      'Chain ID: 8453\nNonce: abc123XYZ\nIssued At: 2026-11-22T10:00:00.000Z\nExpiration Time: 2026-11-22T10:10:00.000Z\nResources:',
    );
  });
});
