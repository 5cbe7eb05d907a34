/**
 * The app's Farcaster identity as the dashboard edits it (`/admin/v1/apps/:id/farcaster_identity`):
 * its fid and its custody account's private key, which signs the app's Farcaster signer requests.
 * The server checks the key against the fid's custody on the chain and seals it; it answers only
 * the fid and the custody address.
 */
export interface FarcasterIdentityView {
  fid: number | null;
  custody_address: string | null;
}

/** What is wrong with the typed fid and key, by field (`fid`, `custody_private_key`); empty: nothing. */
export function identityProblems(fid: string, key: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const trimmed = fid.trim();
  if (!/^[1-9][0-9]*$/.test(trimmed) || !Number.isSafeInteger(Number(trimmed)))
    problems.fid = 'The fid is a positive whole number (the app account’s Farcaster id).';
  if (!/^0x[0-9a-fA-F]{64}$/.test(key.trim()))
    problems.custody_private_key = 'The custody key is a private key: 0x and 64 hex digits.';
  return problems;
}
