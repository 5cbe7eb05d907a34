import type { AreaProps } from '../types.ts';
import { ExportWalletScreen } from './ExportWalletScreen.tsx';

/** An embedded wallet's export screen, around the key-export frame. */
export default function ExportArea({ screen, client, request, titleId, scheme }: AreaProps) {
  if (screen.name !== 'export-wallet' || !request.exportWallet) return null;
  return (
    <ExportWalletScreen titleId={titleId} client={client} wallet={request.exportWallet} scheme={scheme} />
  );
}
