import type { TransactionContent } from '@latchkey/core/signing';
import { ShortenedValue } from '../../components/ShortenedValue.tsx';
import { Expander, Row } from '../../components/SigningParts.tsx';
import { en } from '../../copy/en.ts';
import { type ConfirmActionsProps, TransactionActions } from './TransactionActions.tsx';

export interface ConfirmTransactionScreenProps extends ConfirmActionsProps {
  titleId: string;
  content: TransactionContent;
  /** Default 'Approve {action}'. */
  title?: string | undefined;
  description?: string | undefined;
}

/**
 * Spec document 1 §2 Confirm transaction (Ethereum): the title (with '(n / m)' in a batch), 'Confirm
 * address' or 'Confirm action', the rows, the details, the wallet's balance. With too little balance
 * Approve becomes 'Add funds' when the app funds wallets, else stays disabled; both say where to add.
 */
export function ConfirmTransactionScreen({
  titleId,
  content,
  title,
  description,
  ...actions
}: ConfirmTransactionScreenProps) {
  const s = en.signingScreens;
  const { step } = actions;
  return (
    <section className="lk-screen" data-testid="lk-screen-confirm-transaction" aria-busy={actions.busy}>
      <h2 id={titleId} tabIndex={-1} data-testid="lk-tx-title">
        {title ?? s.approveAction(content.action)}
        {step && <span data-testid="lk-tx-step"> {s.batchStep(step.index + 1, step.count)}</span>}
      </h2>
      <p className="lk-muted" data-testid="lk-tx-confirm-kind">
        {content.confirm === 'address' ? s.confirmAddress : s.confirmAction}
      </p>
      {description && <p className="lk-muted">{description}</p>}
      <div className="lk-rows">
        {content.send !== null && <Row label={s.send} value={content.send} testId="lk-tx-send" />}
        {content.spender && (
          <Row label={s.spender} value={<ShortenedValue value={content.spender} />} testId="lk-tx-spender" />
        )}
        {content.to && <Row label={s.to} value={<ShortenedValue value={content.to} />} testId="lk-tx-to" />}
        {content.tokenAddress && (
          <Row
            label={s.tokenAddress}
            value={<ShortenedValue value={content.tokenAddress} />}
            testId="lk-tx-token"
          />
        )}
        <Row label={s.network} value={content.network} testId="lk-tx-network" />
        <Row label={s.estimatedFee} value={content.fee} testId="lk-tx-fee" />
        <Expander label={s.details} testId="lk-tx-details">
          <Row label={s.from} value={<ShortenedValue value={content.from} />} testId="lk-tx-details-from" />
          {content.to && (
            <Row label={s.to} value={<ShortenedValue value={content.to} />} testId="lk-tx-details-to" />
          )}
          <Row label={s.action} value={content.action} testId="lk-tx-details-action" />
          <Row label={s.estFees} value={content.fee} testId="lk-tx-details-fees" />
          <Row label={s.total} value={content.total} testId="lk-tx-details-total" />
        </Expander>
      </div>
      <div className="lk-card" data-testid="lk-tx-balance">
        <ShortenedValue value={content.from} />
        <span className="lk-amount" title={content.balance}>
          <span className="lk-visually-hidden">{s.balance} </span>
          {content.balance}
        </span>
      </div>
      <TransactionActions
        {...actions}
        insufficient={content.insufficient}
        network={content.network}
        canAddFunds={content.funding !== null}
      />
    </section>
  );
}
