import { useModalSheet } from '../../components/modalRoot.ts';
import { fundingCopy as s } from '../../copy/funding.ts';
import type { AreaProps } from '../types.ts';
import { FundBridgeOptionsScreen, FundBridgeProgressScreen } from './FundBridgeScreens.tsx';
import { FundChooserScreen } from './FundChooserScreen.tsx';
import { FundReceiveScreen } from './FundReceiveScreen.tsx';
import { FundStatusScreen } from './FundStatusScreen.tsx';
import { FundTransferAmountScreen } from './FundTransferAmountScreen.tsx';
import { FundTransferConfirmScreen } from './FundTransferConfirmScreen.tsx';
import { FundTransferWalletsScreen } from './FundTransferWalletsScreen.tsx';
import { fundingCss } from './styles.ts';

/** Funding: the chooser, the card providers' status screens and Receive funds. */
export default function FundingArea({ screen, flow, app, titleId }: AreaProps) {
  useModalSheet(fundingCss);
  const { funding } = flow;
  switch (screen.name) {
    case 'fund-chooser':
      return (
        <FundChooserScreen
          titleId={titleId}
          chooser={screen.chooser}
          title={screen.title}
          onCard={funding.card}
          onExchange={funding.exchange}
          onReceive={funding.receive}
          onWallets={() => void funding.wallets()}
        />
      );
    case 'fund-coinbase-status': {
      const detail =
        screen.status === 'pending-in-flow'
          ? s.coinbase['pending-in-flow'][screen.experience]
          : s.coinbase[screen.status];
      return (
        <FundStatusScreen
          titleId={titleId}
          provider="coinbase"
          status={screen.status}
          done={screen.status === 'success'}
          title={s.coinbaseTitle}
          detail={detail}
        />
      );
    }
    case 'fund-moonpay-status': {
      const texts = s.moonpay[screen.status];
      return (
        <FundStatusScreen
          titleId={titleId}
          provider="moonpay"
          status={screen.status}
          done={screen.status === 'completed'}
          title={texts.title}
          detail={texts.detail}
        />
      );
    }
    case 'fund-transfer-wallets':
      return (
        <FundTransferWalletsScreen
          titleId={titleId}
          screen={screen}
          onPick={funding.pickWallet}
          onMore={funding.moreWallets}
        />
      );
    case 'fund-transfer-amount':
      return (
        <FundTransferAmountScreen
          titleId={titleId}
          screen={screen}
          onChange={funding.setAmount}
          onContinue={() => void funding.confirmTransfer()}
        />
      );
    case 'fund-transfer-confirm':
      return (
        <FundTransferConfirmScreen
          titleId={titleId}
          screen={screen}
          onRetry={() => void funding.confirmTransfer()}
        />
      );
    case 'fund-bridge-options':
      return <FundBridgeOptionsScreen titleId={titleId} screen={screen} onChoose={funding.chooseBridge} />;
    case 'fund-bridge-progress':
      return <FundBridgeProgressScreen titleId={titleId} screen={screen} appName={app?.name ?? ''} />;
    case 'fund-receive':
      return <FundReceiveScreen titleId={titleId} screen={screen} onContinue={funding.done} />;
    default:
      return null;
  }
}
