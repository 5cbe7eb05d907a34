import type { FundingChooser, FundingProvider } from '@latchkey/core/funding';
import { useEffect, useId, useState } from 'react';
import { fundingCopy as s } from '../../copy/funding.ts';
import { detectPayBadge, type PayBadge } from './payBadge.ts';

export interface FundChooserScreenProps {
  titleId: string;
  chooser: FundingChooser;
  /** The host's `uiConfig.landing.title`; null: the default. */
  title: string | null;
  onCard(provider: FundingProvider): void;
  onExchange(provider: FundingProvider): void;
  onReceive(): void;
  /** 'Transfer from wallet'. */
  onWallets(): void;
  /** The badge probe (tests and the gallery pass a fixed answer). */
  payBadge?: () => Promise<PayBadge>;
}

/**
 * The Fund wallet chooser (spec document 1 §2, document 2 §2): Pay with card (with the device's pay
 * sheet as a badge), Transfer from an exchange, Transfer from wallet (disabled with the warning when
 * USDC's contract is unknown on the chain), Receive funds; the banner after a failed attempt,
 * and the hint that switches to the other card provider.
 */
export function FundChooserScreen(props: FundChooserScreenProps) {
  const {
    titleId,
    chooser,
    title,
    onCard,
    onExchange,
    onReceive,
    onWallets,
    payBadge = detectPayBadge,
  } = props;
  const wallets = chooser.wallets;
  const warningId = useId();
  const [badge, setBadge] = useState<PayBadge>(null);
  useEffect(() => {
    let live = true;
    payBadge().then((found) => live && setBadge(found));
    return () => {
      live = false;
    };
  }, [payBadge]);
  const card = chooser.card?.provider;
  const alternate = chooser.alternateCard?.provider;
  const exchange = chooser.exchange?.provider;
  return (
    <section className="lk-screen" data-testid="lk-screen-fund-chooser">
      <h2 id={titleId} tabIndex={-1}>
        {title ?? s.chooserTitle}
      </h2>
      {chooser.errorMessage && (
        <p className="lk-fund-banner" role="alert" data-testid="lk-fund-banner">
          {chooser.errorMessage}
        </p>
      )}
      <div className="lk-stack">
        {card && (
          <button type="button" className="lk-btn" data-testid="lk-fund-card" onClick={() => onCard(card)}>
            <span className="lk-grow">{s.payWithCard}</span>
            {badge && (
              <span className="lk-chip" data-testid="lk-fund-pay-badge">
                {badge === 'apple' ? s.applePay : s.googlePay}
              </span>
            )}
          </button>
        )}
        {exchange && (
          <button
            type="button"
            className="lk-btn"
            data-testid="lk-fund-exchange"
            onClick={() => onExchange(exchange)}
          >
            <span className="lk-grow">{s.fromExchange}</span>
          </button>
        )}
        {wallets && (
          <button
            type="button"
            className="lk-btn"
            data-testid="lk-fund-wallets"
            disabled={wallets.disabledReason !== null}
            aria-describedby={wallets.disabledReason ? warningId : undefined}
            onClick={onWallets}
          >
            <span className="lk-grow">{s.fromWallet}</span>
          </button>
        )}
        {wallets?.disabledReason && (
          <p id={warningId} className="lk-fund-notice" data-testid="lk-fund-wallets-warning">
            {wallets.disabledReason}
          </p>
        )}
        <button type="button" className="lk-btn" data-testid="lk-fund-receive" onClick={onReceive}>
          <span className="lk-grow">{s.receiveFunds}</span>
        </button>
      </div>
      {alternate && (
        <p className="lk-muted lk-fund-hint">
          {s.hint}{' '}
          <button
            type="button"
            className="lk-btn-link"
            data-testid="lk-fund-alternate"
            onClick={() => onCard(alternate)}
          >
            {s.hintLink}
          </button>
        </p>
      )}
    </section>
  );
}
