/** The recovery password's rules (spec document 1 §5 Password). */

export const minPasswordLength = 6;

/** Letters, digits and the spec's symbols `!@#$%^&*()-_+.`. */
const allowed = /^[A-Za-z0-9!@#$%^&*()\-_+.]$/;
const symbols = /[!@#$%^&*()\-_+.]/;

export type PasswordStrength = 'Weak' | 'Medium' | 'Strong';

/** The characters of `password` the rules do not allow, each once, in order of appearance. */
export function invalidCharacters(password: string): string[] {
  const out: string[] = [];
  for (const char of password) if (!allowed.test(char) && !out.includes(char)) out.push(char);
  return out;
}

/**
 * What is wrong with `password`, or null: characters outside the allowed set first ('Invalid
 * characters used ( … )', a space written SPACE), then the length.
 *
 * @example
 * passwordProblem('ab cd~') // { kind: 'characters', characters: ['SPACE', '~'] }
 */
export function passwordProblem(
  password: string,
): { kind: 'characters'; characters: string[] } | { kind: 'length' } | null {
  const invalid = invalidCharacters(password);
  if (invalid.length > 0)
    return { kind: 'characters', characters: invalid.map((c) => (c === ' ' ? 'SPACE' : c)) };
  if ([...password].length < minPasswordLength) return { kind: 'length' };
  return null;
}

/**
 * A 0–1 strength score from the password's entropy: bits = effective length × log2(pool), where
 * the pool adds up the character classes used (26 lower, 26 upper, 10 digits, 14 symbols) and the
 * effective length does not count a character that repeats the one before it; 80 bits or more
 * score 1. So 'password' scores 0.41 (Weak), 'correcthorse' 0.65 (Medium), 'Tr0ub4dor&3' 0.86
 * (Medium) and 'correct-horse-battery' 1 (Strong).
 */
export function passwordScore(password: string): number {
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/[0-9]/.test(password)) pool += 10;
  if (symbols.test(password)) pool += 14;
  if (pool === 0) return 0;
  const chars = [...password];
  const effective = chars.filter((char, i) => i === 0 || char !== chars[i - 1]).length;
  return Math.min(1, (effective * Math.log2(pool)) / 80);
}

/** The meter's label: Medium above 0.5, Strong above 0.9; null (an empty meter) for an invalid password. */
export function passwordStrength(password: string): PasswordStrength | null {
  if (passwordProblem(password)) return null;
  const score = passwordScore(password);
  return score > 0.9 ? 'Strong' : score > 0.5 ? 'Medium' : 'Weak';
}

/**
 * The recovery file's name: the app name, lower-case with hyphens, then '-privy-wallet-recovery.txt'.
 *
 * @example
 * recoveryFileName('My Cool App') // 'my-cool-app-privy-wallet-recovery.txt'
 */
export function recoveryFileName(appName: string): string {
  const slug = appName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug ? `${slug}-` : ''}privy-wallet-recovery.txt`;
}
