import { useLatchkey } from '@latchkey/react';

/** The user's passkeys, with 'Link passkey' (the modal's 'Waiting for passkey') and an unlink button each. */
export function Passkeys({ run }: { run: (name: string, action: () => unknown) => () => Promise<void> }) {
  const latchkey = useLatchkey();
  if (!latchkey.authenticated) return null;
  const passkeys = (latchkey.user?.linkedAccounts ?? []).filter((a) => a.type === 'passkey');
  return (
    <section className="passkeys">
      <h2>Passkeys</h2>
      <ul data-testid="demo-passkeys" data-count={passkeys.length}>
        {passkeys.map((passkey) => {
          const id = String(passkey.credentialId);
          return (
            <li key={id} data-testid="demo-passkey" data-credential-id={id}>
              <code>{id.slice(0, 16)}…</code> {String(passkey.authenticatorName ?? '')}{' '}
              {String(passkey.createdWithBrowser ?? '')} {String(passkey.createdWithOs ?? '')}
              <button
                type="button"
                data-testid={`demo-unlink-passkey-${id}`}
                onClick={run('unlinkPasskey', () => latchkey.unlinkPasskey(id))}
              >
                Unlink
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        data-testid="demo-link-passkey"
        onClick={run('linkPasskey', latchkey.linkPasskey)}
      >
        Link passkey
      </button>
    </section>
  );
}
