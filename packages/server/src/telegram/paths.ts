import { telegramApi, telegramScriptApi } from '@latchkey/protocol';

/** The Telegram routes' paths, from the protocol's contract. */
export const telegramPaths = {
  authenticate: telegramApi.telegramAuthenticate.path,
  link: telegramApi.telegramLink.path,
  unlink: telegramApi.telegramUnlink.path,
  transfer: telegramApi.telegramTransfer.path,
  loginRedirect: telegramApi.telegramLoginRedirect.path,
  loginScript: telegramScriptApi.telegramLoginScript.path,
} as const;
