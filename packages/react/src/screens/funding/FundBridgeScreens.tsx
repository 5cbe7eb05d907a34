import type { ModalScreensOf } from '@latchkey/core/modal';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { fundingCopy as s } from '../../copy/funding.ts';

export interface FundBridgeOptionsScreenProps {
  titleId: string;
  screen: ModalScreensOf<'fund-bridge-options'>;
  onChoose(chainId: number): void;
}

/** Bridge to Solana: the networks the bridge quoted, when more than one (spec document 2 §4). */
export function FundBridgeOptionsScreen({ titleId, screen, onChoose }: FundBridgeOptionsScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-fund-bridge-options">
      <h2 id={titleId} tabIndex={-1}>
        {s.bridgeOptionsTitle}
      </h2>
      <p className="lk-muted">{s.bridgeOptionsDetail}</p>
      <div className="lk-stack">
        {screen.options.map((option) => (
          <button
            key={option.chainId}
            type="button"
            className="lk-btn"
            data-testid="lk-fund-bridge-option"
            onClick={() => onChoose(option.chainId)}
          >
            <span className="lk-grow">{option.chainName}</span>
          </button>
        ))}
      </div>
    </section>
  );
}

export interface FundBridgeProgressScreenProps {
  titleId: string;
  screen: ModalScreensOf<'fund-bridge-progress'>;
  /** The app's name, in the success text. */
  appName: string;
}

/**
 * The bridge's progress (spec document 1 §2, document 2 §4), to Solana or from a Solana wallet to an
 * Ethereum one: the quotes, the wallet's confirmation, the bridging; 'Success!' (closes after 4 s) or
 * 'Transaction failed' with the refund link.
 */
export function FundBridgeProgressScreen({ titleId, screen, appName }: FundBridgeProgressScreenProps) {
  const { status, failure } = screen;
  const texts =
    status === 'success'
      ? { title: s.success, detail: s.bridgeSuccess(screen.amount, appName, screen.symbol) }
      : status === 'failed'
        ? { title: failure?.title ?? '', detail: failure?.message ?? '' }
        : status === 'confirm'
          ? { title: s.confirmWith(screen.walletName), detail: s.transferDetail }
          : status === 'bridging'
            ? {
                title: s.bridgingTo(screen.network ?? 'Solana'),
                detail: s.bridgingDetail(screen.network ?? 'Solana'),
              }
            : s.bridge[status];
  const done = status === 'success' || status === 'failed';
  return (
    <section className="lk-screen" data-testid="lk-screen-fund-bridge-progress" data-status={status}>
      <div className="lk-center" role={status === 'failed' ? 'alert' : 'status'} aria-busy={!done}>
        {done ? (
          <StatusIcon tone={status === 'success' ? 'success' : 'error'} />
        ) : (
          <span className="lk-spinner" aria-hidden="true" />
        )}
        <h2 id={titleId} tabIndex={-1} data-testid="lk-fund-bridge-title">
          {texts.title}
        </h2>
        <p className="lk-muted">{texts.detail}</p>
        {failure?.refundUrl && (
          <p className="lk-links">
            <a
              href={failure.refundUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="lk-fund-bridge-refund"
            >
              {s.refundLink}
            </a>
          </p>
        )}
      </div>
    </section>
  );
}
