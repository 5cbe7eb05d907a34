/** The Telegram screens' copy (spec document 1 §2 'Telegram'). */
export const telegramCopy = {
  verifying: 'Verifying connection to Telegram',
  verifyingDetail: 'Just a few moments more',
  connected: 'Successfully connected with Telegram',
  connectedDetail: "You're good to go!",
} as const;
