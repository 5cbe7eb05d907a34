import { isOAuthProvider } from '@latchkey/protocol';
import { CustomProviderIcon } from './methods.tsx';
import { ProviderMark } from './providers.tsx';
import { RemoteImage } from './RemoteImage.tsx';

/**
 * A provider's icon on its button and status screen: a social provider's mark; an app's own OpenID
 * provider shows the icon the app gave it, and a globe without one (or when that icon fails to load).
 */
export function ProviderIcon({ provider, iconUrl }: { provider: string; iconUrl?: string | null }) {
  if (isOAuthProvider(provider)) return <ProviderMark provider={provider} />;
  if (!iconUrl) return <CustomProviderIcon />;
  return <RemoteImage className="lk-mark" src={iconUrl} alt="" fallback={<CustomProviderIcon />} />;
}
