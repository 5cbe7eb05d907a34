import type { LatchkeyClient } from '@latchkey/core';
import { signingStore } from '@latchkey/core/signing';
import { useSyncExternalStore } from 'react';
import { en } from '../../copy/en.ts';

/**
 * What the verification is for, when it is a signing request on screen (spec document 1 §2: the
 * pending-transaction summary): the transaction's action, amount and recipient, or the message.
 */
export function PendingRequest({ client }: { client: LatchkeyClient }) {
  const store = signingStore(client);
  const view = useSyncExternalStore(store.subscribe, store.current, store.current);
  const content = view?.content;
  if (!content) return null;
  let summary: string;
  if (content.kind === 'transaction')
    summary = [content.action, content.send, content.to && `→ ${content.to}`].filter(Boolean).join(' ');
  else if (content.kind === 'solana-transaction')
    summary = [content.amount, content.network].filter(Boolean).join(' ');
  else summary = content.text ?? '';
  if (!summary) return null;
  return (
    <div className="lk-mfa-summary" data-testid="lk-mfa-pending">
      <div className="lk-muted">{en.mfa.pendingRequest}</div>
      <div>{summary}</div>
    </div>
  );
}
