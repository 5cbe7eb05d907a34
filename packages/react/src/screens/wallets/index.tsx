import {
  currentMobilePlatform,
  type PickerWallet,
  pickerChains,
  pickerWallets,
  walletReturnUrl,
} from '@latchkey/core/modal';
import { useWalletManager } from '../../wallets/useWalletManager.ts';
import type { AreaProps } from '../types.ts';
import { WalletConnectingScreen } from './WalletConnectingScreen.tsx';
import { WalletInstallScreen } from './WalletInstallScreen.tsx';
import { WalletLedgerScreen } from './WalletLedgerScreen.tsx';
import { WalletNetworkScreen } from './WalletNetworkScreen.tsx';
import { WalletRedirectScreen } from './WalletRedirectScreen.tsx';
import { WalletsScreen } from './WalletsScreen.tsx';

/** The wallet picker and one wallet's way in: network, Ledger, install, phone app, connecting. */
export default function WalletsArea({ screen, flow, config, app, request, titleId }: AreaProps) {
  const { state } = useWalletManager();
  const chains = pickerChains(request.walletChainType ?? config.appearance?.walletChainType, app);
  const rows = pickerWallets(state, chains);
  const rowById = (id: string): PickerWallet | undefined => rows.find((w) => w.id === id);
  const wallets = flow.wallets;

  switch (screen.name) {
    case 'wallets':
      return (
        <WalletsScreen
          titleId={titleId}
          wallets={rows}
          ready={state.ready}
          onSelect={wallets.select}
          autoSelect={wallets.autoSelect()}
        />
      );
    case 'wallet-network': {
      const wallet = rowById(screen.walletId);
      if (!wallet) return null;
      return (
        <WalletNetworkScreen
          titleId={titleId}
          walletName={wallet.name}
          onSelect={(chainType) => wallets.connectChain(wallet, chainType)}
        />
      );
    }
    case 'wallet-ledger': {
      const wallet = rowById(screen.walletId);
      if (!wallet) return null;
      // With or without a Ledger, Phantom signs the login message the same way here.
      return <WalletLedgerScreen titleId={titleId} onChoose={() => wallets.ledgerChosen(wallet.id)} />;
    }
    case 'wallet-install': {
      const wallet = rowById(screen.walletId);
      return (
        <WalletInstallScreen
          titleId={titleId}
          walletName={wallet?.name ?? screen.walletId}
          walletIcon={wallet?.icon ?? ''}
          walletClientType={wallet?.walletClientType ?? screen.walletId}
          installUrl={wallet?.installUrl ?? null}
        />
      );
    }
    case 'wallet-redirect': {
      const wallet = rowById(screen.walletId);
      const platform = currentMobilePlatform();
      if (!wallet?.mobile || !platform) return null;
      // The page reopened in the wallet's browser selects the wallet there (privy_wallet_client).
      const pageUrl = walletReturnUrl(
        location.href,
        wallet.walletClientType,
        request.intent === 'connect-wallet',
      );
      return (
        <WalletRedirectScreen
          titleId={titleId}
          walletName={wallet.name}
          deepLink={wallet.mobile.deepLink(pageUrl)}
          platform={platform}
          storeUrl={platform === 'ios' ? wallet.mobile.appStoreUrl : wallet.mobile.playStoreUrl}
        />
      );
    }
    case 'wallet-connecting': {
      const { walletId, chainType } = screen;
      const wallet = rowById(walletId);
      return (
        <WalletConnectingScreen
          titleId={titleId}
          walletName={wallet?.name ?? walletId}
          walletIcon={wallet?.icon ?? ''}
          walletClientType={wallet?.walletClientType ?? walletId}
          run={(dispatch) => wallets.run(walletId, chainType, dispatch)}
          onDifferentWallet={wallets.differentWallet}
        />
      );
    }
    default:
      return null;
  }
}
