import { currentContact } from '@latchkey/core/modal';
import { en } from '../../copy/en.ts';
import type { AreaProps } from '../types.ts';
import { EmailScreen } from './EmailScreen.tsx';
import { LinkEmailScreen } from './LinkEmailScreen.tsx';
import { UpdateEmailScreen } from './UpdateEmailScreen.tsx';

/** The email address screens: log in, link, update (the code screens follow, in the code area). */
export default function EmailArea({ screen, flow, client, config, app, titleId }: AreaProps) {
  const disallowPlus = app?.disable_plus_emails ?? false;
  const onSubmit = flow.code.submitEmail;
  switch (screen.name) {
    case 'email':
      return (
        <EmailScreen
          titleId={titleId}
          title={config.appearance?.landingHeader ?? en.landingHeader}
          disallowPlus={disallowPlus}
          onSubmit={onSubmit}
        />
      );
    case 'link-email':
      return <LinkEmailScreen titleId={titleId} disallowPlus={disallowPlus} onSubmit={onSubmit} />;
    case 'update-email':
      return (
        <UpdateEmailScreen
          titleId={titleId}
          current={currentContact(client.getState().user, 'email')}
          disallowPlus={disallowPlus}
          onSubmit={onSubmit}
        />
      );
    default:
      return null;
  }
}
