import type { EmbeddedWalletTarget, LatchkeyClient } from '@latchkey/core';
import {
  type ExportFrameQuery as ExportFrameAddress,
  type ExportPaletteKey,
  encodeExportFrameQuery,
  framePagePath,
} from '@latchkey/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { CopyButton } from '../../components/CopyButton.tsx';
import { ShortenedValue } from '../../components/ShortenedValue.tsx';
import { StatusIcon } from '../../components/StatusIcon.tsx';
import { en } from '../../copy/en.ts';
import { exportFrameCredential } from './credential.ts';

/** The export frame's height before anything is revealed, its button row (spec: 'Frame height 44px'). */
export const exportFrameHeight = 44;
/**
 * Its height once the user is working in it. The frame page shows the revealed key or phrase below its
 * buttons, and it posts nothing to this page (not even its size, so that no channel out of it exists),
 * so the modal cannot measure it. At the modal's narrowest (276 px on a 320 px phone) the longest value,
 * a 12-word phrase of up to 107 characters or an 88-character Solana key, takes 3 lines of 12 px
 * monospace; this is 40 px of buttons, 8 px of margin, a box with 8 px padding and 4 lines of 16.8 px,
 * one spare for a wider monospace font.
 */
export const exportFrameRevealedHeight = 136;

/** Palette keys the export frame reads (WIRE §6) and the modal's CSS variables they come from. */
const paletteSources: Partial<Record<ExportPaletteKey, string>> = {
  background2: '--lk-surface',
  foreground3: '--lk-muted',
  foregroundAccent: '--lk-accent-fg',
  accent: '--lk-accent',
  success: '--lk-success',
} as const;

/** The frame's address (protocol's `ExportFrameQuery`, less `phraseExport`) and where it is served. */
export interface ExportFrameQuery extends Omit<ExportFrameAddress, 'phraseExport'> {
  apiUrl: string;
  appId: string;
}

/**
 * `{apiUrl}/apps/{appId}/embedded-wallets/export?…#token=…` (WIRE §6, key-export frame, `v=1`). The token
 * goes in the hash, which the browser never sends to a server (no hash with cookie sessions);
 * `phrase_export` is true since only HD wallets (whose seed phrase is the user's) are exported.
 *
 * @example
 * exportFrameUrl({ apiUrl, appId, entropyId, entropyIdVerifier: 'ethereum-address-verifier', ... })
 */
export function exportFrameUrl({ apiUrl, appId, ...address }: ExportFrameQuery): string {
  const { search, hash } = encodeExportFrameQuery({ ...address, phraseExport: true });
  return `${apiUrl}${framePagePath('export', appId)}${search}${hash}`;
}

/** The modal's colours at `element`, resolved, as the export frame's palette keys. */
function readPalette(element: HTMLElement): Partial<Record<ExportPaletteKey, string>> {
  const style = getComputedStyle(element);
  const palette: Partial<Record<ExportPaletteKey, string>> = {};
  for (const [key, variable] of Object.entries(paletteSources) as [ExportPaletteKey, string][])
    palette[key] = style.getPropertyValue(variable).trim();
  if (palette.accent) palette.accentDark = `color-mix(in srgb,${palette.accent} 82%,#000)`;
  return palette;
}

export interface ExportWalletScreenProps {
  titleId: string;
  client: LatchkeyClient;
  wallet: EmbeddedWalletTarget;
  scheme: 'light' | 'dark';
}

/**
 * Export wallet (spec document 2 §1): the warning, the wallet, the key-export frame and how to use it.
 * The frame, on the Latchkey server's origin, rebuilds and shows the key itself; nothing of it comes
 * back to this page.
 */
export function ExportWalletScreen({ titleId, client, wallet, scheme }: ExportWalletScreenProps) {
  const copy = en.exportWallet;
  const slot = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [learnMore, setLearnMore] = useState(false);
  const learnMoreId = useId();

  useEffect(() => {
    let live = true;
    const element = slot.current;
    /** The frame's address, or null when the wallet or the session is gone. */
    const load = async () => {
      const wallets = await client.embeddedWallets();
      const entropy = wallets.entropy();
      const account = wallets
        .list()
        .find((w) => w.address === wallet.address && w.chainType === wallet.chainType);
      const credential = await exportFrameCredential(client);
      if (!element || !entropy || !account || !credential) return null;
      return exportFrameUrl({
        apiUrl: client.apiUrl,
        appId: client.appId,
        entropyId: entropy.entropyId,
        entropyIdVerifier: entropy.entropyIdVerifier,
        hdWalletIndex: account.walletIndex,
        chainType: account.chainType,
        width: element.clientWidth,
        palette: readPalette(element),
        colorScheme: scheme,
        accessToken: credential.token,
      });
    };
    load().then(
      (url) => {
        if (!live) return;
        if (url) setSrc(url);
        else setFailed(true);
      },
      () => {
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [client, wallet, scheme]);

  // The frame tells this page nothing, but the browser does say when focus moves into it (a click on
  // one of its buttons, or Tab): from then on it may be showing a value, so it gets the room for one.
  useEffect(() => {
    const check = () => {
      // Its own root's active element: in the modal's shadow root, the document's is the host.
      const element = frame.current;
      if (element && (element.getRootNode() as Document | ShadowRoot).activeElement === element)
        setRevealed(true);
    };
    // The parent window's blur fires before the frame becomes the active element.
    const onBlur = () => setTimeout(check, 0);
    window.addEventListener('blur', onBlur);
    return () => window.removeEventListener('blur', onBlur);
  }, []);

  if (failed) {
    return (
      <section className="lk-screen" data-testid="lk-screen-export-wallet">
        <div className="lk-center" role="alert" data-testid="lk-export-failed">
          <StatusIcon tone="error" />
          <h2 id={titleId} tabIndex={-1}>
            {copy.failedTitle}
          </h2>
          <p className="lk-muted">{copy.failedDetail}</p>
        </div>
      </section>
    );
  }

  return (
    <section className="lk-screen" data-testid="lk-screen-export-wallet">
      <h2 id={titleId} tabIndex={-1}>
        {copy.title}
      </h2>
      <p
        role="note"
        data-testid="lk-export-warning"
        style={{
          padding: '10px 12px',
          borderRadius: 'var(--lk-radius)',
          background: 'color-mix(in srgb,var(--lk-error) 10%,transparent)',
          color: 'var(--lk-error)',
          fontSize: 14,
          fontWeight: 500,
        }}
      >
        {copy.warning}
      </p>
      <div
        data-testid="lk-export-wallet-card"
        style={{
          display: 'flex',
          flexDirection: 'column',
          gap: 2,
          padding: '10px 12px',
          border: '1px solid var(--lk-border)',
          borderRadius: 'var(--lk-radius)',
          background: 'var(--lk-surface)',
          textAlign: 'left',
        }}
      >
        <span className="lk-wallet-tag">{copy.walletLabel(wallet.chainType)}</span>
        <span style={{ display: 'flex', justifyContent: 'space-between', gap: 12 }}>
          <ShortenedValue value={wallet.address} testId="lk-export-address" />
          <CopyButton text={wallet.address} label={copy.copyAddress} testId="lk-export-copy" />
        </span>
      </div>
      <div ref={slot} style={{ flex: 'none' }}>
        {src && (
          <iframe
            ref={frame}
            src={src}
            title={copy.frameTitle}
            data-testid="lk-export-frame"
            data-revealed={String(revealed)}
            allow="clipboard-write self *"
            referrerPolicy="no-referrer"
            // The frame shows the key from here on; what the user then copies, this page cannot know.
            onLoad={() => {
              void client.trackEvent('embedded_wallet_key_export_completed', {
                walletAddress: wallet.address,
              });
            }}
            style={{
              display: 'block',
              width: '100%',
              height: revealed ? exportFrameRevealedHeight : exportFrameHeight,
              border: 0,
              colorScheme: scheme,
            }}
          />
        )}
      </div>
      <p className="lk-muted">
        {copy.subtitle}{' '}
        <button
          type="button"
          className="lk-btn-link"
          data-testid="lk-export-learn-more"
          aria-expanded={learnMore}
          aria-controls={learnMoreId}
          onClick={() => setLearnMore((open) => !open)}
        >
          {copy.learnMore}
        </button>
      </p>
      <p className="lk-muted" id={learnMoreId} hidden={!learnMore} data-testid="lk-export-learn-more-body">
        {copy.learnMoreBody}
      </p>
      {/*
        The room the frame grows into, held from the start at the bottom of the screen: growing the frame
        then moves nothing above it, and the modal keeps its size. Without it, a centred modal or a bottom
        sheet would move the frame's buttons while the button is still pressed (focus moves in on the press,
        before the release), and the click would land beside the button.
      */}
      <div
        aria-hidden="true"
        data-testid="lk-export-room"
        style={{ flex: 'none', height: revealed ? 0 : exportFrameRevealedHeight - exportFrameHeight }}
      />
    </section>
  );
}
