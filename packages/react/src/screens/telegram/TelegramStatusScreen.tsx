import type { ModalScreens } from '@latchkey/core/modal';
import { ProviderStatusScreen } from '../../components/ProviderStatusScreen.tsx';
import { en } from '../../copy/en.ts';
import { MethodIcon } from '../../icons/methods.tsx';
import { telegramCopy } from './copy.ts';

/** Where the login stands (the flow's screen says). */
type TelegramStatus = ModalScreens['telegram-status']['status'];

export interface TelegramStatusScreenProps {
  titleId: string;
  status: TelegramStatus;
  /** The failure's text (failure only). */
  detail: string | null;
  onRetry(): void;
}

/** A Telegram login or link: verifying, success, or failure with Retry (spec document 1 §2 'Telegram'). */
export function TelegramStatusScreen({ status, detail, ...rest }: TelegramStatusScreenProps) {
  const texts = {
    verifying: [telegramCopy.verifying, telegramCopy.verifyingDetail],
    success: [telegramCopy.connected, telegramCopy.connectedDetail],
    failure: [en.somethingWentWrong, detail],
  } as const;
  const [title, line] = texts[status];
  return (
    <ProviderStatusScreen
      {...rest}
      testId="telegram"
      status={status}
      icon={<MethodIcon method="telegram" />}
      title={title}
      detail={line}
    />
  );
}
