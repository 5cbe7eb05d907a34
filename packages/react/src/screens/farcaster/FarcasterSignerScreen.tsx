import type { ModalScreens } from '@latchkey/core/modal';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ProviderStatusScreen } from '../../components/ProviderStatusScreen.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { en } from '../../copy/en.ts';
import { MethodIcon } from '../../icons/methods.tsx';
import { farcasterCopy, farcasterSignerCopy as s } from './copy.ts';
import { farcasterQrSize } from './FarcasterConnectScreen.tsx';

export interface FarcasterSignerScreenProps {
  titleId: string;
  screen: ModalScreens['farcaster-signer'];
  appName: string;
  onRetry(): void;
}

/**
 * 'Add a signer to Farcaster' (spec document 1 §2): on a computer the approval link as a QR code
 * and a link to copy; on an iPhone 'Open Farcaster app'; on other phones 'Requesting signer from
 * Farcaster' with 'Take me to Farcaster', as the incumbent lays them out. Approved, failed: the
 * status, with Retry on failure.
 */
export function FarcasterSignerScreen({ titleId, screen, appName, onRetry }: FarcasterSignerScreenProps) {
  const { status, approvalUrl, mobile } = screen;
  if (status !== 'waiting' || !approvalUrl) {
    const [title, detail] =
      status === 'failure'
        ? s.failures[screen.failure ?? 'failed']
        : status === 'success'
          ? [en.success, null]
          : [s.requesting, s.requestingDetail];
    return (
      <ProviderStatusScreen
        titleId={titleId}
        testId="farcaster-signer"
        status={status === 'waiting' ? 'verifying' : status}
        icon={<MethodIcon method="farcaster" />}
        title={title}
        detail={detail}
        onRetry={onRetry}
      />
    );
  }
  if (mobile === 'android')
    return (
      <section className="lk-screen" data-testid="lk-screen-farcaster-signer" data-status={status}>
        <div className="lk-center" role="status">
          <div className="lk-status-provider" aria-hidden="true">
            <MethodIcon method="farcaster" />
          </div>
          <h2 id={titleId} tabIndex={-1}>
            {s.requesting}
          </h2>
          <p className="lk-muted">{s.requestingDetail}</p>
          <a className="lk-btn-link" href={approvalUrl} data-testid="lk-farcaster-signer-take-me">
            {farcasterCopy.takeMeThere}
          </a>
        </div>
      </section>
    );
  return (
    <section className="lk-screen" data-testid="lk-screen-farcaster-signer" data-status={status}>
      <h2 id={titleId} tabIndex={-1}>
        {s.title}
      </h2>
      <p className="lk-muted">{s.subtitle(appName)}</p>
      {mobile ? (
        <div className="lk-actions">
          <a className="lk-btn lk-btn-primary" href={approvalUrl} data-testid="lk-farcaster-signer-open-app">
            {farcasterCopy.openApp}
          </a>
        </div>
      ) : (
        <div className="lk-center">
          <QrCode
            value={approvalUrl}
            size={farcasterQrSize}
            label={s.qrLabel}
            testId="lk-farcaster-signer-qr"
          />
          <p className="lk-muted">{s.copyHint}</p>
          <CopyButton text={approvalUrl} label={farcasterCopy.copyLink} testId="lk-farcaster-signer-copy" />
        </div>
      )}
    </section>
  );
}
