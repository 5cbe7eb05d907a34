import { currentContact } from '@latchkey/core/modal';
import { en } from '../../copy/en.ts';
import type { AreaProps } from '../types.ts';
import { LinkPhoneScreen } from './LinkPhoneScreen.tsx';
import { PhoneScreen } from './PhoneScreen.tsx';
import { UpdatePhoneScreen } from './UpdatePhoneScreen.tsx';

/** The phone number screens: log in, link, update (the code screens follow, in the code area). */
export default function SmsArea({ screen, flow, client, config, titleId }: AreaProps) {
  const defaultCountry = config.intl?.defaultCountry;
  const onSubmit = flow.code.submitPhone;
  // What was typed before (Back from the code screen, 'Use a different phone number'), kept by the flow.
  const typed = flow.code.draft();
  const form = {
    defaultCountry,
    onSubmit,
    draft: { value: typed.phone, country: typed.country, select: typed.select },
    onDraft: (edit: { phone: string; country: string }) => flow.code.editDraft(edit),
  };
  switch (screen.name) {
    case 'phone':
      return (
        <PhoneScreen
          titleId={titleId}
          title={config.appearance?.landingHeader ?? en.landingHeader}
          {...form}
        />
      );
    case 'link-phone':
      return <LinkPhoneScreen titleId={titleId} {...form} />;
    case 'update-phone':
      return (
        <UpdatePhoneScreen
          titleId={titleId}
          current={currentContact(client.getState().user, 'sms')}
          {...form}
        />
      );
    default:
      return null;
  }
}
