import { flowKind } from '@latchkey/core';
import type { ModalAuthMethod, Screen } from '@latchkey/core/modal';
import { providerName } from '../../components/providerName.ts';
import { en } from '../../copy/en.ts';
import { errorScreen } from '../errorScreens.ts';
import type { AreaProps } from '../types.ts';
import { AccountNotFoundScreen } from './AccountNotFoundScreen.tsx';
import { AllowlistScreen } from './AllowlistScreen.tsx';
import { ErrorScreen } from './ErrorScreen.tsx';
import { SuccessScreen } from './SuccessScreen.tsx';
import { TermsScreen } from './TermsScreen.tsx';
import { TransferScreen } from './TransferScreen.tsx';
import { UserLimitScreen } from './UserLimitScreen.tsx';

const methodNames: Record<string, string> = {
  email: en.methodEmail,
  sms: en.methodPhone,
  siwe: en.methodWallet,
  siws: en.methodWallet,
  farcaster: en.methodFarcaster,
  telegram: en.methodTelegram,
  // Never shown: a passkey is never transferred (spec document 1 §5), kept for the type's sake.
  passkey: en.methodPasskey,
};

/** The transfer screen's name of a login method: a social account by its provider's name. */
const methodName = (method: ModalAuthMethod, app: AreaProps['app']) =>
  methodNames[method] ?? providerName(method, app);

/** How a flow ends for the account: the terms gate, success, an account transfer, or a refusal. */
export default function AccountArea({ screen, flow, config, app, titleId, request }: AreaProps) {
  switch (screen.name) {
    case 'terms':
      return (
        <TermsScreen
          titleId={titleId}
          termsUrl={config.legal?.termsAndConditionsUrl ?? app?.terms_and_conditions_url ?? null}
          privacyUrl={config.legal?.privacyPolicyUrl ?? app?.privacy_policy_url ?? null}
          onAccept={flow.login.acceptTerms}
          onDecline={flow.login.declineTerms}
        />
      );
    case 'success':
      return <SuccessScreen titleId={titleId} />;
    case 'transfer':
      return (
        <TransferScreen
          titleId={titleId}
          method={methodName(screen.method, app)}
          displayName={screen.transfer.displayName}
          embeddedWalletAddress={screen.transfer.embeddedWalletAddress}
          onTransfer={flow.transfer.accept}
          onDecline={flow.transfer.decline}
        />
      );
    case 'error':
      return <ResultScreen screen={screen} {...{ flow, app, titleId, request }} />;
    default:
      return null;
  }
}

/** A refusal's own screen (allowlist, user limit, account not found) or the error screen. */
function ResultScreen({
  screen,
  flow,
  app,
  titleId,
  request,
}: Pick<AreaProps, 'flow' | 'app' | 'titleId' | 'request'> & { screen: Extract<Screen, { name: 'error' }> }) {
  const login = flowKind(request.intent) === 'login';
  const result = errorScreen(screen.error, app, en, { address: screen.address, login });
  switch (result.name) {
    case 'allowlist':
      return <AllowlistScreen titleId={titleId} {...result} onTryAnother={flow.restart} />;
    case 'user-limit':
      return <UserLimitScreen titleId={titleId} title={result.title} detail={result.detail} />;
    case 'account-not-found':
      return (
        <AccountNotFoundScreen
          titleId={titleId}
          title={result.title}
          cta={result.cta}
          onRetry={flow.restart}
        />
      );
    case 'error': {
      // A flow that cannot go back (embedded wallets, an error as the first screen) retries by
      // starting again: Retry and 'Try again' after a wait never lead nowhere.
      const action = screen.restart && result.action === 'back' ? 'restart' : result.action;
      const back = flow.canGoBack() ? flow.back : flow.restart;
      const actions = {
        back,
        wait: back,
        'edit-address': flow.code.editAddress,
        restart: flow.restart,
        close: flow.close,
      };
      return (
        <ErrorScreen
          titleId={titleId}
          title={result.title}
          detail={result.detail}
          cta={result.cta}
          onAction={actions[action]}
          wait={action === 'wait' ? { until: screen.retryAt ?? null, onClose: flow.close } : undefined}
        />
      );
    }
  }
}
