import type { AreaProps } from '../types.ts';
import { SigningFlow } from './SigningFlow.tsx';

/** Signing requests of embedded wallets: sign message, confirm transaction, funds, receipts. */
export default function SigningArea({ screen, client, titleId }: AreaProps) {
  return screen.name === 'signing' ? <SigningFlow client={client} titleId={titleId} /> : null;
}
