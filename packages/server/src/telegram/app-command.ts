import { appPatchCommand } from '../feature.ts';
import { telegramBotPatch } from './bot-patch.ts';
import { readBotTokenFile } from './bot-token-file.ts';

/** `latchkey apps telegram APP_ID --bot-token-file PATH [--bot-name NAME] [--seamless]`. */
export const telegramAppCommand = appPatchCommand({
  name: 'telegram',
  synopsis: '--bot-token-file PATH [--bot-name NAME] [--seamless]',
  summary: "Sets the app's Telegram bot (its token read from a file) and turns Telegram login on.",
  details: [
    'Options:',
    '  --bot-token-file PATH  the token @BotFather gave (<bot id>:<secret>); sealed at rest, shown as `set`',
    "  --bot-name NAME        the bot's username, which the login widget shows",
    '  --seamless             log Mini App users in without a tap (seamless_auth_enabled)',
    'The bot id in telegram_auth_config is the token’s part before the colon.',
  ].join('\n'),
  options: {
    'bot-token-file': { type: 'string' },
    'bot-name': { type: 'string' },
    seamless: { type: 'boolean' },
  },
  patch: (app, values) => {
    const file = values['bot-token-file'];
    if (!file) throw new Error('apps telegram needs --bot-token-file PATH');
    return telegramBotPatch(app, {
      botToken: new TextDecoder().decode(readBotTokenFile(file)),
      botName: values['bot-name'],
      seamless: values.seamless,
    });
  },
});
