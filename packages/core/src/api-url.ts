import { LatchkeyClientError } from './errors.ts';

/**
 * Checks and normalises `apiUrl`: a bare origin, one trailing slash allowed.
 *
 * @example
 * normaliseApiUrl('https://auth.example.com/') // 'https://auth.example.com'
 */
export function normaliseApiUrl(apiUrl: string): string {
  const trimmed = apiUrl.replace(/\/$/, '');
  let origin: string | null = null;
  try {
    origin = new URL(trimmed).origin;
  } catch {
    // reported below
  }
  // The explanation is in the console message (diagnostics.ts), out of the first load.
  if (origin !== trimmed) throw new LatchkeyClientError('invalid_input', `Invalid apiUrl "${apiUrl}"`);
  return trimmed;
}
