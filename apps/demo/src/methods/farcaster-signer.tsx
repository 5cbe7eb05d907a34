import { useFarcasterSigner, useLatchkey } from '@latchkey/react';
import { useState } from 'react';
import type { MethodSectionProps } from '../methods.ts';

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const fromHex = (hex: string) =>
  Uint8Array.from(hex.match(/[0-9a-f]{2}/gi) ?? [], (b) => Number.parseInt(b, 16));

/**
 * The Farcaster signer: 'Add a signer to Farcaster' (the modal's request), the approved signer's
 * public key, and a Farcaster message hash (hex) signed with it in the wallet frame.
 */
export default function FarcasterSigner({ run }: MethodSectionProps) {
  const { user } = useLatchkey();
  const { requestFarcasterSignerFromWarpcast, getFarcasterSignerPublicKey, signFarcasterMessage } =
    useFarcasterSigner();
  const [hash, setHash] = useState('');
  const [signature, setSignature] = useState('');
  const [publicKey, setPublicKey] = useState('');
  if (!user?.farcaster) return null;
  return (
    <section className="card">
      <h2>Farcaster signer</h2>
      <p className="muted">
        Signer: <span data-testid="demo-farcaster-signer-key">{user.farcaster.signerPublicKey ?? ''}</span>
      </p>
      <div className="actions">
        <button
          type="button"
          data-testid="demo-farcaster-signer-request"
          onClick={run('requestFarcasterSignerFromWarpcast', requestFarcasterSignerFromWarpcast)}
        >
          Add a Farcaster signer
        </button>
        <button
          type="button"
          data-testid="demo-farcaster-signer-public-key"
          onClick={run('getFarcasterSignerPublicKey', async () =>
            setPublicKey(toHex(await getFarcasterSignerPublicKey())),
          )}
        >
          Read its public key
        </button>
      </div>
      <p className="muted" data-testid="demo-farcaster-signer-read-key">
        {publicKey}
      </p>
      <label>
        Message hash (hex)
        <input data-testid="demo-farcaster-hash" value={hash} onChange={(e) => setHash(e.target.value)} />
      </label>
      <div className="actions">
        <button
          type="button"
          data-testid="demo-farcaster-sign"
          onClick={run('signFarcasterMessage', async () =>
            setSignature(toHex(await signFarcasterMessage(fromHex(hash)))),
          )}
        >
          Sign hash
        </button>
      </div>
      <p className="muted" data-testid="demo-farcaster-signature">
        {signature}
      </p>
    </section>
  );
}
