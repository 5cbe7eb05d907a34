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
  // What was typed before (Back from the code screen, 'Use a different email'), kept by the flow.
  const typed = flow.code.draft();
  const form = {
    disallowPlus,
    onSubmit,
    draft: { value: typed.email, select: typed.select },
    onDraft: (email: string) => flow.code.editDraft({ email }),
  };
  switch (screen.name) {
    case 'email':
      return (
        <EmailScreen
          titleId={titleId}
          title={config.appearance?.landingHeader ?? en.landingHeader}
          {...form}
        />
      );
    case 'link-email':
      return <LinkEmailScreen titleId={titleId} {...form} />;
    case 'update-email':
      return (
        <UpdateEmailScreen
          titleId={titleId}
          current={currentContact(client.getState().user, 'email')}
          {...form}
        />
      );
    default:
      return null;
  }
}
