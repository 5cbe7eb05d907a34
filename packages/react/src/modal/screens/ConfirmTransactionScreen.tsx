import { en } from '../../copy/en.ts';
import type { TransactionContent } from '../../signing/store.ts';
import { Expander, Mono, Row } from '../../signing/ui.tsx';
import { TransactionActions } from '../components/TransactionActions.tsx';

export interface ConfirmTransactionScreenProps {
  titleId: string;
  content: TransactionContent;
  /** Default 'Approve {action}'. */
  title?: string | undefined;
  description?: string | undefined;
  /** Default 'Approve'. */
  buttonText?: string | undefined;
  /** Shows 'Not now'. */
  cancellable: boolean;
  /** Approved: signing and sending. */
  busy: boolean;
  onApprove(): void;
  onCancel(): void;
}

/**
 * Spec document 1 §2 Confirm transaction (Ethereum): the rows, the details, the wallet's balance.
 * With too little balance Approve stays disabled (funding is not offered) and says where to add funds.
 */
export function ConfirmTransactionScreen({
  titleId,
  content,
  title,
  description,
  buttonText,
  cancellable,
  busy,
  onApprove,
  onCancel,
}: ConfirmTransactionScreenProps) {
  const s = en.signingScreens;
  return (
    <section className="lk-screen" data-testid="lk-screen-confirm-transaction" aria-busy={busy}>
      <h2 id={titleId} tabIndex={-1} data-testid="lk-tx-title">
        {title ?? s.approveAction(content.action)}
      </h2>
      {description && <p className="lk-muted">{description}</p>}
      <div className="lk-rows">
        {content.send !== null && <Row label={s.send} value={content.send} testId="lk-tx-send" />}
        {content.spender && (
          <Row label={s.spender} value={<Mono>{content.spender}</Mono>} testId="lk-tx-spender" />
        )}
        {content.to && <Row label={s.to} value={<Mono>{content.to}</Mono>} testId="lk-tx-to" />}
        {content.tokenAddress && (
          <Row label={s.tokenAddress} value={<Mono>{content.tokenAddress}</Mono>} testId="lk-tx-token" />
        )}
        <Row label={s.network} value={content.network} testId="lk-tx-network" />
        <Row label={s.estimatedFee} value={content.fee} testId="lk-tx-fee" />
        <Expander label={s.details} testId="lk-tx-details">
          <Row label={s.from} value={<Mono>{content.from}</Mono>} testId="lk-tx-details-from" />
          {content.to && <Row label={s.to} value={<Mono>{content.to}</Mono>} testId="lk-tx-details-to" />}
          <Row label={s.action} value={content.action} testId="lk-tx-details-action" />
          <Row label={s.estFees} value={content.fee} testId="lk-tx-details-fees" />
          <Row label={s.total} value={content.total} testId="lk-tx-details-total" />
        </Expander>
      </div>
      <div className="lk-card" data-testid="lk-tx-balance">
        <Mono>{content.from}</Mono>
        <span>
          <span className="lk-visually-hidden">{s.balance} </span>
          {content.balance}
        </span>
      </div>
      <TransactionActions
        insufficient={content.insufficient}
        network={content.network}
        buttonText={buttonText}
        cancellable={cancellable}
        busy={busy}
        onApprove={onApprove}
        onCancel={onCancel}
      />
    </section>
  );
}
