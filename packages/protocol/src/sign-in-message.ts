/**
 * Sign-in-with-Ethereum (EIP-4361) and the Solana variant in the same layout (WIRE.md §3.3).
 * Built here, once, so the client that asks for the signature and the server that checks it
 * agree on every byte.
 */

/** The fixed statement of a wallet login (spec document 1 §5). */
export const siweStatement =
  'By signing, you are proving you own this wallet and logging in. This does not initiate a transaction or cost any fees.';

/** A host app's custom login message becomes the statement, cut to this many characters. */
export const loginMessageMaxLength = 100;

/** The one resource line the incumbent's clients add. */
export const signInResource = 'https://privy.io';

export const siwsStatement = (address: string) => `You are proving you own ${address}.`;

export interface SignInMessageFields {
  /** The page host, e.g. `app.example.com` or `localhost:5173`. */
  domain: string;
  address: string;
  statement: string;
  /** The page origin, e.g. `https://app.example.com`. */
  uri: string;
  /** Numeric EVM chain id, or `mainnet` for Solana. */
  chainId: number | string;
  nonce: string;
  /** ISO 8601. */
  issuedAt: string;
  expirationTime?: string;
  resources?: string[];
}

/** The statement for a login: the app's login message (one line, at most 100 characters) or the default. */
export function signInStatement(loginMessage?: string | null): string {
  const custom = loginMessage?.replace(/\s+/g, ' ').trim();
  return custom ? custom.slice(0, loginMessageMaxLength) : siweStatement;
}

function build(chain: 'Ethereum' | 'Solana', fields: SignInMessageFields): string {
  const lines = [
    `${fields.domain} wants you to sign in with your ${chain} account:`,
    fields.address,
    '',
    fields.statement,
    '',
    `URI: ${fields.uri}`,
    'Version: 1',
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  ];
  if (fields.expirationTime) lines.push(`Expiration Time: ${fields.expirationTime}`);
  const resources = fields.resources ?? [signInResource];
  if (resources.length > 0) lines.push('Resources:', ...resources.map((r) => `- ${r}`));
  return lines.join('\n');
}

/** An EIP-4361 message. `address` must be the EIP-55 checksummed address. */
export function buildSiweMessage(fields: SignInMessageFields): string {
  return build('Ethereum', fields);
}

/** The Solana variant: same layout, 'Solana account', `Chain ID: mainnet`. */
export function buildSiwsMessage(
  fields: Omit<SignInMessageFields, 'chainId' | 'statement'> & { statement?: string },
): string {
  return build('Solana', {
    ...fields,
    chainId: 'mainnet',
    statement: fields.statement ?? siwsStatement(fields.address),
  });
}
