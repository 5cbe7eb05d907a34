import type { LatchkeyClient } from '@latchkey/core';
import { signingStore } from '@latchkey/core/signing';
import { useEffect, useSyncExternalStore } from 'react';
import { LoadingScreen } from '../../components/LoadingScreen.tsx';
import { useModalRoot, useModalSheet } from '../../components/modalRoot.ts';
import { ConfirmSolanaTransactionScreen } from './ConfirmSolanaTransactionScreen.tsx';
import { ConfirmTransactionScreen } from './ConfirmTransactionScreen.tsx';
import { SignMessageScreen } from './SignMessageScreen.tsx';
import { signingCss } from './styles.ts';
import { TransactionErrorScreen } from './TransactionErrorScreen.tsx';
import { TransactionReceiptScreen } from './TransactionReceiptScreen.tsx';

export interface SigningFlowProps {
  client: LatchkeyClient;
  titleId: string;
}

/**
 * The modal's 'signing' screen: the first waiting request, on the screen its stage calls for.
 * The answers (approve, cancel, retry, done) go back to the request's session in the queue, which
 * also ends a signed message by itself and closes the modal once no request is left.
 */
export function SigningFlow({ client, titleId }: SigningFlowProps) {
  const store = signingStore(client);
  const view = useSyncExternalStore(store.subscribe, store.current, store.current);

  useModalSheet(signingCss);
  const root = useModalRoot();

  const id = view?.id;
  const stage = view?.stage;
  // The modal focuses a screen's first control when it navigates; here the screen changes inside
  // one navigation entry (confirm → receipt), so the flow moves the focus itself.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers (a new screen)
  useEffect(() => {
    if (id === undefined || !root) return;
    const target =
      root.querySelector<HTMLElement>('.lk-modal [data-lk-autofocus]') ??
      root.querySelector<HTMLElement>('.lk-modal h2');
    target?.focus();
  }, [id, stage]);

  if (!view) return null;
  const { ui, content } = view;
  const cancellable = ui.isCancellable === true;
  const cancel = () => store.cancel(view.id);
  const approve = () => store.approve(view.id);
  const explorerUrl = content && content.kind !== 'message' ? content.explorerUrl : null;

  if (stage === 'error' && view.failure)
    return (
      <TransactionErrorScreen
        titleId={titleId}
        failure={view.failure}
        hash={view.hash}
        explorerUrl={explorerUrl}
        onRetry={() => store.retry(view.id)}
      />
    );
  // 'Add funds': the modal's flow puts the Fund wallet chooser over this screen (funding area).
  if (!content || stage === 'preparing' || stage === 'funding') return <LoadingScreen titleId={titleId} />;
  if (content.kind === 'message')
    return (
      <SignMessageScreen
        titleId={titleId}
        title={ui.title}
        description={ui.description}
        buttonText={ui.buttonText}
        iconUrl={ui.iconUrl}
        text={content.text}
        typedData={content.typedData}
        cancellable={cancellable}
        status={stage === 'complete' ? 'signed' : stage === 'submitting' ? 'signing' : 'idle'}
        onSign={approve}
        onCancel={cancel}
      />
    );
  if (stage === 'complete')
    return (
      <TransactionReceiptScreen
        titleId={titleId}
        signOnly={view.signOnly}
        title={ui.successHeader}
        description={ui.successDescription}
        hash={view.hash}
        explorerUrl={explorerUrl}
        onDone={() => store.finish(view.id)}
      />
    );
  const common = {
    titleId,
    title: ui.title ?? ui.transactionInfo?.title,
    description: ui.description,
    buttonText: ui.buttonText,
    cancellable,
    busy: stage === 'submitting',
    step: view.step,
    onApprove: approve,
    onCancel: cancel,
    onContinue: () => store.next(view.id),
    onBack: () => store.back(view.id),
    onAddFunds: () => store.addFunds(view.id),
  };
  return content.kind === 'transaction' ? (
    <ConfirmTransactionScreen {...common} content={content} />
  ) : (
    <ConfirmSolanaTransactionScreen {...common} content={content} />
  );
}
