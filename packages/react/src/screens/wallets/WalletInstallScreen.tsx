import { en } from '../../copy/en.ts';
import { ExternalLinkIcon } from '../../icons/glyphs.tsx';
import { WalletLogo } from '../../icons/wallets.tsx';

export interface WalletInstallScreenProps {
  titleId: string;
  walletName: string;
  /** For the wallet's logo (its own icon, else a known wallet's mark). */
  walletIcon: string;
  walletClientType: string;
  installUrl: string | null;
}

/** A wallet not present in this browser: 'Open or install {wallet}' with a link to get it. */
export function WalletInstallScreen({
  titleId,
  walletName,
  walletIcon,
  walletClientType,
  installUrl,
}: WalletInstallScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-wallet-install">
      <div className="lk-center">
        <WalletLogo
          icon={walletIcon}
          walletClientType={walletClientType}
          className="lk-wallet-icon lk-wallet-icon-lg"
        />
        <h2 id={titleId} tabIndex={-1}>
          {en.openOrInstall(walletName)}
        </h2>
        <p className="lk-muted">{en.createWallet(walletName)}</p>
      </div>
      {installUrl && (
        <div className="lk-actions">
          <a
            className="lk-btn lk-btn-primary"
            data-testid="lk-wallet-install-link"
            href={installUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            {en.getWallet(walletName)}
            <ExternalLinkIcon />
          </a>
        </div>
      )}
    </section>
  );
}
