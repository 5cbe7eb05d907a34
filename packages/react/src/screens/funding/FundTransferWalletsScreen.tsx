import type { ModalScreensOf } from '@latchkey/core/modal';
import { ShortenedValue } from '../../components/ShortenedValue.tsx';
import { fundingCopy as s } from '../../copy/funding.ts';

export interface FundTransferWalletsScreenProps {
  titleId: string;
  screen: ModalScreensOf<'fund-transfer-wallets'>;
  onPick(address: string): void;
  onMore(): void;
}

/**
 * Transfer from wallet (spec document 1 §2): the connected wallets, each tagged 'Connected' (and
 * 'Solana'); up to 4, else 3 and 'More wallets', which opens the rest. Below them the bridge's
 * testnet warning, or, with no wallet that can pay, what to do instead.
 */
export function FundTransferWalletsScreen({
  titleId,
  screen,
  onPick,
  onMore,
}: FundTransferWalletsScreenProps) {
  const rows = screen.expanded ? [...screen.rows, ...screen.more] : screen.rows;
  return (
    <section className="lk-screen" data-testid="lk-screen-fund-transfer-wallets">
      <h2 id={titleId} tabIndex={-1}>
        {s.fromWallet}
      </h2>
      <div className="lk-stack">
        {rows.map(({ wallet, tags }) => (
          <button
            key={wallet.address}
            type="button"
            className="lk-btn lk-wallet-row"
            data-testid="lk-fund-wallet-row"
            onClick={() => onPick(wallet.address)}
          >
            <span className="lk-grow">
              {wallet.name} <ShortenedValue value={wallet.address} />
            </span>
            {tags.map((tag) => (
              <span key={tag} className="lk-wallet-tag">
                {tag}
              </span>
            ))}
          </button>
        ))}
        {screen.moreLabel && !screen.expanded && (
          <button type="button" className="lk-btn" data-testid="lk-fund-more-wallets" onClick={onMore}>
            <span className="lk-grow">{screen.moreLabel}</span>
          </button>
        )}
      </div>
      {screen.notice && (
        <p className="lk-fund-notice" role="status" data-testid="lk-fund-wallets-notice">
          {screen.notice}
        </p>
      )}
    </section>
  );
}
