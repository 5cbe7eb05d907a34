import type { AdminApp } from '../../api.ts';
import { AccessSection } from './AccessSection.tsx';
import { AdvancedSection } from './AdvancedSection.tsx';
import { AppearanceSection } from './AppearanceSection.tsx';
import { DomainsSection } from './DomainsSection.tsx';
import { FundingSection } from './FundingSection.tsx';
import { LegalSection } from './LegalSection.tsx';
import { LoginMethodsSection } from './LoginMethodsSection.tsx';
import { MfaSection } from './MfaSection.tsx';
import { SecretsSection } from './SecretsSection.tsx';
import { ServerWalletsSection } from './ServerWalletsSection.tsx';
import { SocialSection } from './SocialSection.tsx';
import { WalletsSection } from './WalletsSection.tsx';

/** The fields of one settings section (sections.ts names them). */
export function SectionFields({ section, app }: { section: string; app: AdminApp }) {
  switch (section) {
    case 'social':
      return <SocialSection />;
    case 'appearance':
      return <AppearanceSection />;
    case 'legal':
      return <LegalSection />;
    case 'access':
      return <AccessSection appId={app.id} />;
    case 'mfa':
      return <MfaSection />;
    case 'wallets':
      return <WalletsSection />;
    case 'funding':
      return <FundingSection secrets={app.secret_settings ?? []} />;
    case 'server-wallets':
      return <ServerWalletsSection />;
    case 'domains':
      return <DomainsSection />;
    case 'secrets':
      return <SecretsSection secrets={app.secret_settings ?? []} />;
    case 'advanced':
      return <AdvancedSection appId={app.id} />;
    default:
      return <LoginMethodsSection appId={app.id} />;
  }
}
