import type { OAuthStatus } from '@latchkey/core/modal';
import { ProviderStatusScreen } from '../../components/ProviderStatusScreen.tsx';
import { en } from '../../copy/en.ts';
import { ProviderIcon } from '../../icons/ProviderIcon.tsx';

export interface OAuthStatusScreenProps {
  titleId: string;
  provider: string;
  /** The provider's name as the modal shows it. */
  name: string;
  iconUrl: string | null;
  status: OAuthStatus;
  /** The failure's text (failure only). */
  detail: string | null;
  onRetry(): void;
}

/** An OAuth attempt: verifying, success, or failure with Retry (spec document 1 §2 'OAuth status'). */
export function OAuthStatusScreen({
  provider,
  name,
  iconUrl,
  status,
  detail,
  ...rest
}: OAuthStatusScreenProps) {
  const texts = {
    verifying: [en.oauth.verifying(name), en.oauth.verifyingDetail],
    success: [en.oauth.connected(name), en.oauth.connectedDetail],
    failure: [en.somethingWentWrong, detail],
  } as const;
  const [title, line] = texts[status];
  return (
    <ProviderStatusScreen
      {...rest}
      testId="oauth"
      status={status}
      icon={<ProviderIcon provider={provider} iconUrl={iconUrl} />}
      title={title}
      detail={line}
    />
  );
}
