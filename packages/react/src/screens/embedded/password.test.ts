import { describe, expect, it } from 'vitest';
import { en } from '../../copy/en.ts';
import { passwordProblem, passwordScore, passwordStrength, recoveryFileName } from './password.ts';

describe('recovery password rules', () => {
  it('needs at least 6 characters', () => {
    expect(passwordProblem('abc12')).toEqual({ kind: 'length' });
    expect(passwordProblem('abc123')).toBeNull();
    expect(en.embedded.passwordTooShort).toBe('Password must be at least 6 characters');
  });

  it('allows letters, digits and !@#$%^&*()-_+. only, naming the others once (a space as SPACE)', () => {
    expect(passwordProblem('Az09!@#$%^&*()-_+.')).toBeNull();
    const problem = passwordProblem('my pass~word é~');
    expect(problem).toEqual({ kind: 'characters', characters: ['SPACE', '~', 'é'] });
    expect(en.embedded.invalidCharacters(['SPACE', '~', 'é'])).toBe('Invalid characters used ( SPACE ~ é )');
    // Characters are reported before length.
    expect(passwordProblem('a b')).toEqual({ kind: 'characters', characters: ['SPACE'] });
  });

  it('scores strength from the entropy: Weak, Medium above 0.5, Strong above 0.9', () => {
    expect(passwordStrength('password')).toBe('Weak');
    expect(passwordStrength('correcthorse')).toBe('Medium');
    expect(passwordStrength('Tr0ub4dor&3')).toBe('Medium');
    expect(passwordStrength('correct-horse-battery')).toBe('Strong');
    // A repeated character adds nothing.
    expect(passwordScore('aaaaaaaaaaaaaaaaaaaaaaaa')).toBeLessThan(0.1);
    expect(passwordScore('')).toBe(0);
  });

  it('leaves the meter empty while the password is invalid', () => {
    expect(passwordStrength('abc')).toBeNull();
    expect(passwordStrength('correct horse battery staple')).toBeNull();
  });

  it('names the download after the app, lower-case with hyphens', () => {
    expect(recoveryFileName('My Cool App')).toBe('my-cool-app-privy-wallet-recovery.txt');
    expect(recoveryFileName('Latchkey e2e')).toBe('latchkey-e2e-privy-wallet-recovery.txt');
    expect(recoveryFileName('')).toBe('privy-wallet-recovery.txt');
  });
});
