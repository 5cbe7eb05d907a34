import { withoutOAuthReturn } from '@latchkey/core/oauth';
import { providerName } from '../../components/providerName.ts';
import type { AreaProps } from '../types.ts';
import { oauthFailureText } from './failureText.ts';
import { InAppBrowserScreen } from './InAppBrowserScreen.tsx';
import { OAuthStatusScreen } from './OAuthStatusScreen.tsx';

/** Social login: the OAuth status screen and the in-app browser warning. */
export default function OAuthArea({ screen, flow, app, titleId }: AreaProps) {
  switch (screen.name) {
    case 'oauth-status': {
      const name = providerName(screen.provider, app);
      const custom = app?.custom_oauth_providers?.find((p) => p.provider === screen.provider);
      return (
        <OAuthStatusScreen
          titleId={titleId}
          provider={screen.provider}
          name={name}
          iconUrl={custom?.provider_icon_url ?? null}
          status={screen.status}
          detail={screen.status === 'failure' ? oauthFailureText(screen.error, name) : null}
          onRetry={flow.oauth.retry}
        />
      );
    }
    case 'oauth-in-app-browser':
      return (
        <InAppBrowserScreen
          titleId={titleId}
          name={providerName(screen.provider, app)}
          pageUrl={typeof location === 'undefined' ? '' : withoutOAuthReturn(location.href)}
        />
      );
    default:
      return null;
  }
}
