// A customer's app with its own login screen, on the incumbent's headless hooks: email, SMS and
// wallet (SIWE) login, the user, linking and unlinking an email, and signing with the embedded wallet.
import {
  useLinkEmail,
  useLoginWithEmail,
  useLoginWithSiwe,
  useLoginWithSms,
  usePrivy,
  useSignMessage,
  useUnlinkEmail,
  useUser,
} from '@privy-io/react-auth';
import { useState } from 'react';

/** The browser's injected wallet (EIP-1193), as much of it as the wallet login uses. */
type InjectedWallet = { request(args: { method: string; params?: unknown[] }): Promise<unknown> };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

function EmailLogin() {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const { sendCode, loginWithCode, state } = useLoginWithEmail();
  return (
    <section>
      <h2>Email</h2>
      <input data-testid="email-input" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="button" data-testid="email-send" onClick={() => sendCode({ email }).catch(() => {})}>
        Send code
      </button>
      <input data-testid="email-code" value={code} onChange={(e) => setCode(e.target.value)} />
      <button type="button" data-testid="email-login" onClick={() => loginWithCode({ code }).catch(() => {})}>
        Log in
      </button>
      <p data-testid="email-state">{state.status}</p>
      {state.status === 'error' && <p data-testid="email-error">{state.error?.message}</p>}
    </section>
  );
}

function SmsLogin() {
  const [phoneNumber, setPhoneNumber] = useState('');
  const [code, setCode] = useState('');
  const { sendCode, loginWithCode, state } = useLoginWithSms();
  return (
    <section>
      <h2>SMS</h2>
      <input data-testid="sms-input" value={phoneNumber} onChange={(e) => setPhoneNumber(e.target.value)} />
      <button type="button" data-testid="sms-send" onClick={() => sendCode({ phoneNumber }).catch(() => {})}>
        Send code
      </button>
      <input data-testid="sms-code" value={code} onChange={(e) => setCode(e.target.value)} />
      <button type="button" data-testid="sms-login" onClick={() => loginWithCode({ code }).catch(() => {})}>
        Log in
      </button>
      <p data-testid="sms-state">{state.status}</p>
      {state.status === 'error' && <p data-testid="sms-error">{state.error?.message}</p>}
    </section>
  );
}

function WalletLogin() {
  const { generateSiweMessage, loginWithSiwe, state } = useLoginWithSiwe();
  const [error, setError] = useState('');

  async function logIn() {
    const { ethereum } = window as { ethereum?: InjectedWallet };
    if (!ethereum) throw new Error('No wallet in this browser');
    const accounts = (await ethereum.request({ method: 'eth_requestAccounts' })) as string[];
    const address = accounts[0];
    if (!address) throw new Error('The wallet shared no account');
    const chainId = Number(await ethereum.request({ method: 'eth_chainId' }));
    const message = await generateSiweMessage({ address, chainId: `eip155:${chainId}` });
    const signature = (await ethereum.request({
      method: 'personal_sign',
      params: [message, address],
    })) as string;
    await loginWithSiwe({ signature, message });
  }

  return (
    <section>
      <h2>Wallet</h2>
      <button
        type="button"
        data-testid="siwe-login"
        onClick={() => logIn().catch((e) => setError(messageOf(e)))}
      >
        Sign in with Ethereum
      </button>
      <p data-testid="siwe-state">{state.status}</p>
      {error && <p data-testid="siwe-error">{error}</p>}
    </section>
  );
}

function LinkedEmails() {
  const { user, refreshUser } = useUser();
  const { sendCode, linkWithCode, state } = useLinkEmail();
  const { unlink } = useUnlinkEmail();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const emails = user?.linkedAccounts.flatMap((account) =>
    account.type === 'email' ? [account.address] : [],
  );
  const report = (e: unknown) => setError(messageOf(e));
  return (
    <section>
      <h2>Emails</h2>
      <ul data-testid="linked-emails">
        {emails?.map((address) => (
          <li key={address} data-testid="linked-email">
            <span>{address}</span>
            <button
              type="button"
              data-testid={`unlink-${address}`}
              onClick={() => unlink({ address }).catch(report)}
            >
              Unlink
            </button>
          </li>
        ))}
      </ul>
      <input data-testid="link-email-input" value={email} onChange={(e) => setEmail(e.target.value)} />
      <button type="button" data-testid="link-email-send" onClick={() => sendCode({ email }).catch(report)}>
        Send code
      </button>
      <input data-testid="link-email-code" value={code} onChange={(e) => setCode(e.target.value)} />
      <button
        type="button"
        data-testid="link-email-submit"
        onClick={() => linkWithCode({ code }).catch(report)}
      >
        Link email
      </button>
      <p data-testid="link-email-state">{state.status}</p>
      <button type="button" data-testid="refresh-user" onClick={() => refreshUser().catch(report)}>
        Refresh
      </button>
      {error && <p data-testid="account-error">{error}</p>}
    </section>
  );
}

function SignMessage() {
  const { signMessage } = useSignMessage();
  const [message, setMessage] = useState('Hello from the app');
  const [signature, setSignature] = useState('');
  const [error, setError] = useState('');
  return (
    <section>
      <h2>Sign</h2>
      <input data-testid="sign-input" value={message} onChange={(e) => setMessage(e.target.value)} />
      <button
        type="button"
        data-testid="sign-submit"
        onClick={() =>
          signMessage({ message })
            .then((result) => setSignature(result.signature))
            .catch((e) => setError(messageOf(e)))
        }
      >
        Sign message
      </button>
      <p data-testid="signature">{signature}</p>
      {error && <p data-testid="sign-error">{error}</p>}
    </section>
  );
}

export function App() {
  const { ready, authenticated, logout } = usePrivy();
  const { user } = useUser();
  if (!ready) return <p data-testid="loading">Loading…</p>;
  if (!authenticated) {
    return (
      <main data-testid="login-screen">
        <h1>Log in</h1>
        <EmailLogin />
        <SmsLogin />
        <WalletLogin />
      </main>
    );
  }
  return (
    <main data-testid="account-screen">
      <h1>Account</h1>
      <p data-testid="user-id">{user?.id}</p>
      <p data-testid="wallet-address">{user?.wallet?.address}</p>
      <LinkedEmails />
      <SignMessage />
      <button type="button" data-testid="logout" onClick={() => logout()}>
        Log out
      </button>
    </main>
  );
}
