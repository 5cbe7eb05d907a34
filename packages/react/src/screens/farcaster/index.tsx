import { LatchkeyClientError } from '@latchkey/core';
import { en } from '../../copy/en.ts';
import type { AreaProps } from '../types.ts';
import { farcasterCopy } from './copy.ts';
import { FarcasterConnectScreen } from './FarcasterConnectScreen.tsx';
import { FarcasterSignerScreen } from './FarcasterSignerScreen.tsx';

/** A failure's text: the timeout in words, else the error's message (the server's says what was wrong). */
function failureText(error: unknown): string {
  if (error instanceof LatchkeyClientError && error.code === 'farcaster_polling_timeout')
    return farcasterCopy.timedOut;
  return (error instanceof Error && error.message) || en.pleaseTryAgain;
}

/** Farcaster login and linking: the connect screen; the signer request's screen. */
export default function FarcasterArea({ screen, flow, titleId, app }: AreaProps) {
  if (screen.name === 'farcaster-signer')
    return (
      <FarcasterSignerScreen
        titleId={titleId}
        screen={screen}
        appName={app?.name ?? ''}
        onRetry={flow.farcasterSigner.retry}
      />
    );
  if (screen.name !== 'farcaster-connect') return null;
  return (
    <FarcasterConnectScreen
      titleId={titleId}
      screen={screen}
      detail={screen.status === 'failure' ? failureText(screen.error) : null}
      onRetry={flow.farcaster.retry}
    />
  );
}
