import type { ChainType } from '@latchkey/protocol';
import { en } from '../../copy/en.ts';

export interface WalletNetworkScreenProps {
  titleId: string;
  walletName: string;
  onSelect(chainType: ChainType): void;
}

/** 'Select network', for a wallet offering both Ethereum and Solana. */
export function WalletNetworkScreen({ titleId, walletName, onSelect }: WalletNetworkScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-wallet-network">
      <h2 id={titleId} tabIndex={-1}>
        {en.selectNetwork}
      </h2>
      <p className="lk-muted">{walletName}</p>
      <div className="lk-stack">
        <button
          type="button"
          className="lk-btn lk-wallet-row"
          data-testid="lk-network-ethereum"
          onClick={() => onSelect('ethereum')}
        >
          {en.ethereum}
        </button>
        <button
          type="button"
          className="lk-btn lk-wallet-row"
          data-testid="lk-network-solana"
          onClick={() => onSelect('solana')}
        >
          {en.solana}
        </button>
      </div>
    </section>
  );
}
