import type { SolanaTransactionContent } from '@latchkey/core/signing';
import { ShortenedValue } from '../../components/ShortenedValue.tsx';
import { Expander, Row } from '../../components/SigningParts.tsx';
import { isAddressOrHash } from '../../components/shortenMiddle.ts';
import { en } from '../../copy/en.ts';
import { type ConfirmActionsProps, TransactionActions } from './TransactionActions.tsx';

export interface ConfirmSolanaTransactionScreenProps extends ConfirmActionsProps {
  titleId: string;
  content: SolanaTransactionContent;
  /** Default 'Confirm transaction'. */
  title?: string | undefined;
  description?: string | undefined;
}

/** Spec document 1 §2 Confirm transaction (Solana): Amount, Network, Estimated fee, 'Advanced' instructions. */
export function ConfirmSolanaTransactionScreen({
  titleId,
  content,
  title,
  description,
  ...actions
}: ConfirmSolanaTransactionScreenProps) {
  const s = en.signingScreens;
  return (
    <section
      className="lk-screen"
      data-testid="lk-screen-confirm-solana-transaction"
      aria-busy={actions.busy}
    >
      <h2 id={titleId} tabIndex={-1}>
        {title ?? s.confirmTransaction}
      </h2>
      {description && <p className="lk-muted">{description}</p>}
      <div className="lk-rows">
        {content.amount && <Row label={s.amount} value={content.amount} testId="lk-tx-amount" />}
        <Row label={s.network} value={content.network} testId="lk-tx-network" />
        <Row label={s.estimatedFee} value={content.fee} testId="lk-tx-fee" />
        <Expander label={s.advanced} testId="lk-tx-instructions">
          {content.instructions.map((instruction, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: instructions have no identity but their place
              key={index}
              className="lk-instruction"
              data-testid={`lk-tx-instruction-${index}`}
              data-type={instruction.type}
            >
              <div className="lk-instruction-title">
                {s.instructions[instruction.type] ?? instruction.type}
              </div>
              {instruction.fields.map((field) => (
                <div key={field.name}>
                  <span className="lk-muted">{s.fields[field.name] ?? field.name}: </span>
                  {isAddressOrHash(field.value) ? (
                    <ShortenedValue value={field.value} />
                  ) : (
                    <code title={field.value}>{field.value}</code>
                  )}
                </div>
              ))}
            </div>
          ))}
        </Expander>
      </div>
      <TransactionActions
        {...actions}
        insufficient={content.insufficient}
        network={en.solana}
        canAddFunds={content.funding !== null}
      />
    </section>
  );
}
