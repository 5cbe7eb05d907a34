/**
 * What the app's config (public: `GET {apiUrl}/api/v1/apps/{appId}`, the document the SDK starts
 * from) says happens at login, in words: which login methods are on, and which embedded wallets are
 * created for whom.
 */
export interface LoginSummary {
  methods: string[];
  /** One line per chain: 'Ethereum: created at login for users without one', or 'not created at login'. */
  wallets: string[];
}

type CreateOnLogin = 'off' | 'users-without-wallets' | 'all-users';

const methodNames: [string, string][] = [
  ['email_auth', 'Email code'],
  ['sms_auth', 'SMS code'],
  ['wallet_auth', 'Ethereum wallet'],
  ['solana_wallet_auth', 'Solana wallet'],
  ['passkey_auth', 'Passkey'],
  ['google_oauth', 'Google'],
  ['apple_oauth', 'Apple'],
  ['github_oauth', 'GitHub'],
  ['discord_oauth', 'Discord'],
  ['twitter_oauth', 'X'],
  ['farcaster_auth', 'Farcaster'],
  ['telegram_auth', 'Telegram'],
  ['guest_auth', 'Guest'],
];

const creation: Record<CreateOnLogin, string> = {
  off: 'not created at login (the buttons below create one)',
  'users-without-wallets': 'created at login for users without one',
  'all-users': 'created at login for every user',
};

export function summariseLogin(config: Record<string, unknown>): LoginSummary {
  const methods = methodNames.filter(([flag]) => config[flag] === true).map(([, name]) => name);
  const wallets = (config.embedded_wallet_config ?? {}) as {
    create_on_login?: CreateOnLogin;
    ethereum?: { create_on_login?: CreateOnLogin };
    solana?: { create_on_login?: CreateOnLogin };
  };
  // The chain's own setting, else the legacy one for both chains.
  const mode = (chain: 'ethereum' | 'solana'): CreateOnLogin => {
    const own = wallets[chain]?.create_on_login;
    return own && own !== 'off' ? own : (wallets.create_on_login ?? 'off');
  };
  return {
    methods,
    wallets: [`Ethereum wallet: ${creation[mode('ethereum')]}`, `Solana wallet: ${creation[mode('solana')]}`],
  };
}

/** The app's public config, as the SDK reads it. */
export async function fetchAppConfig(apiUrl: string, appId: string): Promise<Record<string, unknown>> {
  const response = await fetch(`${apiUrl}/api/v1/apps/${encodeURIComponent(appId)}`, {
    headers: { 'privy-app-id': appId },
  });
  if (!response.ok) throw new Error(`The app config could not be read (HTTP ${response.status})`);
  return (await response.json()) as Record<string, unknown>;
}
