/**
 * The wallet connection states of spec document 1 §4: disconnected, connecting,
 * switching_to_supported_chain, connected, signing, signed, error. Retry is offered while fewer
 * than 2 retries were made; after that the error is final ('Unable to connect wallet').
 */
export type WalletConnectionStatus =
  | 'disconnected'
  | 'connecting'
  | 'switching_to_supported_chain'
  | 'connected'
  | 'signing'
  | 'signed'
  | 'error';

export interface WalletConnectionState {
  status: WalletConnectionStatus;
  /** Retries made after the first attempt. */
  retries: number;
  /** The last error's message, when status is 'error'. */
  error: string | null;
}

export type WalletConnectionEvent =
  | { type: 'connect' }
  | { type: 'switch-chain' }
  | { type: 'connected' }
  | { type: 'sign' }
  | { type: 'signed' }
  | { type: 'fail'; message: string }
  | { type: 'retry' }
  | { type: 'reset' };

/** Retries allowed after the first attempt. */
export const maxWalletRetries = 2;

export const initialConnectionState: WalletConnectionState = {
  status: 'disconnected',
  retries: 0,
  error: null,
};

/** True while the user may retry after an error. */
export const canRetryConnection = (state: WalletConnectionState) =>
  state.status === 'error' && state.retries < maxWalletRetries;

export function walletConnectionReducer(
  state: WalletConnectionState,
  event: WalletConnectionEvent,
): WalletConnectionState {
  switch (event.type) {
    case 'connect':
      return { ...state, status: 'connecting', error: null };
    case 'switch-chain':
      return { ...state, status: 'switching_to_supported_chain' };
    case 'connected':
      return { ...state, status: 'connected', error: null };
    case 'sign':
      return { ...state, status: 'signing' };
    case 'signed':
      return { ...state, status: 'signed' };
    case 'fail':
      return { ...state, status: 'error', error: event.message };
    case 'retry':
      if (!canRetryConnection(state)) return state;
      return { status: 'connecting', retries: state.retries + 1, error: null };
    case 'reset':
      return initialConnectionState;
  }
}
