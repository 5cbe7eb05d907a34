/**
 * A wallet's kind as a person reads it. The wire keeps the incumbent's names (`walletClientType`
 * 'privy' is an embedded wallet); the demo shows Latchkey's words.
 */
export function walletKind(walletClientType: unknown): string {
  if (walletClientType === 'privy') return 'Embedded wallet';
  if (typeof walletClientType !== 'string' || !walletClientType) return 'External wallet';
  return walletClientType
    .split(/[_-]/)
    .map((part) => (part ? part[0]!.toUpperCase() + part.slice(1) : part))
    .join(' ');
}

/** 'ethereum' → 'Ethereum', 'solana' → 'Solana'. */
export function chainName(chainType: unknown): string {
  if (chainType === 'ethereum') return 'Ethereum';
  if (chainType === 'solana') return 'Solana';
  return String(chainType ?? '');
}
