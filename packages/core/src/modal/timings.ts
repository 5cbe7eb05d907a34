/** After login: the terms gate opens after 900 ms, success closes after 1400 ms (spec document 1 §4 After login). */
export const termsDelayMs = 900;
/** …and after 1400 ms on the OAuth and cross-app paths (the status screen's 'Success' shows first). */
export const oauthTermsDelayMs = 1400;
export const successCloseMs = 1400;
/** An account transfer's success closes after 1 s (spec document 1 §4 Account transfer). */
export const transferCloseMs = 1000;
/** 'Welcome' / 'All set!' after the login's wallets were created closes after 2500 ms (spec document 1 §2). */
export const walletCreatedCloseMs = 2500;
/** The delegated-actions consent's and revocation's result closes after 2500 ms (spec document 2 §9). */
export const delegationCloseMs = 2500;
