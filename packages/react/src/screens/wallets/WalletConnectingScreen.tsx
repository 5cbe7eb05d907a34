import {
  canRetryConnection,
  initialConnectionState,
  maxWalletRetries,
  type WalletConnectionEvent,
  type WalletConnectionState,
  walletConnectionReducer,
} from '@latchkey/core';
import { useEffect, useReducer, useRef } from 'react';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';
import { WalletLogo } from '../../icons/wallets.tsx';

export interface WalletConnectingScreenProps {
  titleId: string;
  walletName: string;
  /** The wallet's own icon; empty shows a known wallet's mark (by client type) or a wallet glyph. */
  walletIcon: string;
  walletClientType: string;
  /** One attempt: connect, then sign (unless connect-only). Reports progress through `dispatch`. */
  run(dispatch: (event: WalletConnectionEvent) => void): Promise<void>;
  onDifferentWallet(): void;
}

/** The status line of each connection state (spec document 1 §2 Wallet connecting). */
export function walletStatusText(state: WalletConnectionState, walletName: string): string {
  switch (state.status) {
    case 'disconnected':
    case 'connecting':
      return en.waitingFor(walletName);
    case 'switching_to_supported_chain':
      return en.switchingNetworks;
    case 'connected':
      return en.signToVerify;
    case 'signing':
      return en.signing;
    case 'signed':
      return en.connectedWith(walletName);
    case 'error':
      return state.retries >= maxWalletRetries
        ? en.unableToConnectWallet
        : (state.error ?? en.unableToConnectWallet);
  }
}

/** Connecting, switching networks, signing, connected, or failed with Retry (while fewer than 2 retries). */
export function WalletConnectingScreen({
  titleId,
  walletName,
  walletIcon,
  walletClientType,
  run,
  onDifferentWallet,
}: WalletConnectingScreenProps) {
  const [state, dispatch] = useReducer(walletConnectionReducer, initialConnectionState);
  const attempt = useRef(-1);
  const mounted = useRef(true);
  const runRef = useRef(run);
  runRef.current = run;

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // One attempt per retry count: the first on mount, then one per Retry.
  useEffect(() => {
    if (state.status !== 'disconnected' && state.status !== 'connecting') return;
    if (attempt.current === state.retries) return;
    attempt.current = state.retries;
    const safeDispatch = (event: WalletConnectionEvent) => {
      if (mounted.current) dispatch(event);
    };
    if (state.status === 'disconnected') safeDispatch({ type: 'connect' });
    runRef.current(safeDispatch).catch((error: unknown) =>
      safeDispatch({
        type: 'fail',
        message: error instanceof Error ? error.message : en.unableToConnectWallet,
      }),
    );
  }, [state.status, state.retries]);

  const failed = state.status === 'error';
  const done = state.status === 'signed';
  return (
    <section className="lk-screen" data-testid="lk-screen-wallet-connecting" data-status={state.status}>
      <div className="lk-center" role={failed ? 'alert' : 'status'}>
        {failed || done ? (
          <StatusIcon tone={done ? 'success' : 'error'} />
        ) : (
          <WalletLogo
            icon={walletIcon}
            walletClientType={walletClientType}
            className="lk-wallet-icon lk-wallet-icon-lg"
          />
        )}
        <h2 id={titleId} tabIndex={-1} data-testid="lk-wallet-status">
          {walletStatusText(state, walletName)}
        </h2>
        {failed && state.retries >= maxWalletRetries && state.error && (
          <p className="lk-muted" data-testid="lk-wallet-error">
            {state.error}
          </p>
        )}
      </div>
      {failed && (
        <div className="lk-actions">
          {canRetryConnection(state) && (
            <button
              type="button"
              className="lk-btn lk-btn-primary"
              data-testid="lk-wallet-retry"
              onClick={() => dispatch({ type: 'retry' })}
            >
              {en.retry}
            </button>
          )}
          <button
            type="button"
            className="lk-btn lk-btn-secondary"
            data-testid="lk-wallet-different"
            onClick={onDifferentWallet}
          >
            {en.useDifferentWallet}
          </button>
        </div>
      )}
    </section>
  );
}
