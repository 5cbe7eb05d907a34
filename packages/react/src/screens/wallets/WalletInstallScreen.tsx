import { en } from '../../copy/en.ts';

export interface WalletInstallScreenProps {
  titleId: string;
  walletName: string;
  installUrl: string | null;
}

/** A wallet not present in this browser: 'Open or install {wallet}' with a link to get it. */
export function WalletInstallScreen({ titleId, walletName, installUrl }: WalletInstallScreenProps) {
  return (
    <section className="lk-screen" data-testid="lk-screen-wallet-install">
      <div className="lk-center">
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
          </a>
        </div>
      )}
    </section>
  );
}
