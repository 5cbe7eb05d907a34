import type { PickerWallet } from '@latchkey/core/modal';
import { useEffect, useState } from 'react';
import { en } from '../../copy/en.ts';
import { WalletLogo } from '../../icons/wallets.tsx';
import { filterWallets, walletSearchThreshold } from './walletSearch.ts';

export interface WalletsScreenProps {
  titleId: string;
  wallets: PickerWallet[];
  /** Discovery has settled; before that an empty list shows a spinner. */
  ready: boolean;
  onSelect(wallet: PickerWallet): void;
  /** Deep link: select this client type as soon as it is discovered. */
  autoSelect?: string | null | undefined;
}

/** 'Select your wallet': rows of 56 px, at most 5 visible, a search bar above 6 wallets. */
export function WalletsScreen({ titleId, wallets, ready, onSelect, autoSelect }: WalletsScreenProps) {
  const [query, setQuery] = useState('');
  const shown = filterWallets(wallets, query);
  const showSearch = wallets.length > walletSearchThreshold || query !== '';

  const auto = autoSelect ? wallets.find((w) => w.installed && w.walletClientType === autoSelect) : undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, when the deep-linked wallet appears
  useEffect(() => {
    if (auto) onSelect(auto);
  }, [auto?.id]);

  return (
    <section className="lk-screen" data-testid="lk-screen-wallets">
      <h2 id={titleId} tabIndex={-1}>
        {en.selectWallet}
      </h2>
      {showSearch && (
        <div className="lk-input-row">
          <input
            className="lk-input"
            type="search"
            data-testid="lk-wallet-search"
            placeholder={en.searchWallets}
            aria-label={en.searchWallets}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            data-lk-autofocus
          />
        </div>
      )}
      {!ready && wallets.length === 0 ? (
        <div className="lk-center">
          <div className="lk-spinner" role="status" aria-label={en.loading} />
        </div>
      ) : shown.length === 0 ? (
        <p className="lk-muted" data-testid="lk-wallet-empty">
          {en.noWalletsFound}
        </p>
      ) : (
        <div className="lk-wallet-list" data-testid="lk-wallet-list">
          {shown.map((wallet) => (
            <button
              key={wallet.id}
              type="button"
              className="lk-btn lk-wallet-row"
              data-testid={`lk-wallet-row-${wallet.id}`}
              onClick={() => onSelect(wallet)}
            >
              <WalletLogo
                icon={wallet.icon}
                walletClientType={wallet.walletClientType}
                className="lk-wallet-icon"
              />
              <span className="lk-grow">{wallet.name}</span>
              {wallet.chains.includes('solana') && <span className="lk-wallet-tag">{en.solana}</span>}
              {wallet.installed && <span className="lk-wallet-tag">{en.installed}</span>}
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
