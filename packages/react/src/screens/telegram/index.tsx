import { en } from '../../copy/en.ts';
import type { AreaProps } from '../types.ts';
import { TelegramStatusScreen } from './TelegramStatusScreen.tsx';

/** A failure's text: the error's message (the server's says what was wrong with the proof). */
const failureText = (error: unknown) => (error instanceof Error && error.message) || en.pleaseTryAgain;

/** Telegram login and linking: the status screen. */
export default function TelegramArea({ screen, flow, titleId }: AreaProps) {
  if (screen.name !== 'telegram-status') return null;
  return (
    <TelegramStatusScreen
      titleId={titleId}
      status={screen.status}
      detail={screen.status === 'failure' ? failureText(screen.error) : null}
      onRetry={flow.telegram.retry}
    />
  );
}
