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
  switch (screen.name) {
    case 'phone':
      return (
        <PhoneScreen
          titleId={titleId}
          title={config.appearance?.landingHeader ?? en.landingHeader}
          defaultCountry={defaultCountry}
          onSubmit={onSubmit}
        />
      );
    case 'link-phone':
      return <LinkPhoneScreen titleId={titleId} defaultCountry={defaultCountry} onSubmit={onSubmit} />;
    case 'update-phone':
      return (
        <UpdatePhoneScreen
          titleId={titleId}
          current={currentContact(client.getState().user, 'sms')}
          defaultCountry={defaultCountry}
          onSubmit={onSubmit}
        />
      );
    default:
      return null;
  }
}
