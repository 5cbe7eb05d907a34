import type { ModalScreens } from '@latchkey/core/modal';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ProviderStatusScreen } from '../../components/ProviderStatusScreen.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { en } from '../../copy/en.ts';
import { MethodIcon } from '../../icons/methods.tsx';
import { farcasterCopy as s } from './copy.ts';

/** Spec document 1 §6: the Farcaster QR code is 275 px. */
export const farcasterQrSize = 275;

export interface FarcasterConnectScreenProps {
  titleId: string;
  screen: ModalScreens['farcaster-connect'];
  /** The failure's text (failure only). */
  detail: string | null;
  onRetry(): void;
}

/**
 * Sign in with Farcaster (spec document 1 §2): while the user signs, the connect URI as a QR code
 * and a link to copy on a computer, 'Open Farcaster app' on a phone; before and after, the status.
 */
export function FarcasterConnectScreen({ titleId, screen, detail, onRetry }: FarcasterConnectScreenProps) {
  const { status, connectUri } = screen;
  if (status !== 'waiting' || !connectUri) {
    const texts = {
      loading: [s.opening, s.verifyingDetail],
      waiting: [s.opening, s.verifyingDetail],
      verifying: [s.verifying, s.verifyingDetail],
      success: [s.connected, s.connectedDetail],
      failure: [en.somethingWentWrong, detail],
    } as const;
    const [title, line] = texts[status];
    return (
      <ProviderStatusScreen
        titleId={titleId}
        testId="farcaster"
        status={status === 'success' || status === 'failure' ? status : 'verifying'}
        icon={<MethodIcon method="farcaster" />}
        title={title}
        detail={line}
        onRetry={onRetry}
      />
    );
  }
  return (
    <section className="lk-screen" data-testid="lk-screen-farcaster-connect" data-status={status}>
      <h2 id={titleId} tabIndex={-1}>
        {s.title}
      </h2>
      {screen.mobile ? (
        <div className="lk-actions">
          <a className="lk-btn lk-btn-primary" href={connectUri} data-testid="lk-farcaster-open-app">
            {s.openApp}
          </a>
        </div>
      ) : (
        <div className="lk-center">
          <p className="lk-muted">{s.scan}</p>
          <QrCode value={connectUri} size={farcasterQrSize} label={s.qrLabel} testId="lk-farcaster-qr" />
        </div>
      )}
      <div className="lk-center">
        <CopyButton text={connectUri} label={s.copyLink} testId="lk-farcaster-copy" />
        {!screen.mobile && (
          <a
            className="lk-btn-link"
            href={connectUri}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="lk-farcaster-take-me"
          >
            {s.takeMeThere}
          </a>
        )}
      </div>
    </section>
  );
}
