import type { KnownWalletClientType } from '@latchkey/core/wallets';
import type { ReactNode } from 'react';
import { Mark } from './Icon.tsx';
import { WalletIcon } from './methods.tsx';
import { RemoteImage } from './RemoteImage.tsx';

/*
 * Known wallets' marks, by wallet client type (@latchkey/core's `knownWalletClientTypes`), for the
 * rows of wallets that are not installed (an installed wallet brings its own EIP-6963 or Wallet
 * Standard icon, which wins). Simplified drawings of marks that are their owners'; they are shown
 * only to name the wallet on the button that opens or installs it, as the owners' brand
 * guidelines allow.
 */
export const walletMarks: Record<KnownWalletClientType, ReactNode> = {
  metamask: (
    <>
      <path
        fill="#F6851B"
        d="M2.7 2.5 10.2 8h3.6l7.5-5.5-1.4 7.8 1.1 4.3-2.4 6.4-4-1.2H9.4l-4 1.2L3 14.6l1.1-4.3z"
      />
      <path fill="#E4761B" d="M10.2 8 8.6 12.6h6.8L13.8 8z" />
      <path fill="#C0AD9E" d="m9.4 19.8.8-3.3h3.6l.8 3.3z" />
      <path fill="#233447" d="m7.4 12.4 2.8.8-1 2zm9.2 0-2.8.8 1 2z" />
    </>
  ),
  phantom: (
    <>
      <rect width="24" height="24" rx="6" fill="#AB9FF2" />
      <path fill="#fff" d="M5 18v-7a7 7 0 0 1 14 0v7l-2.3-1.6-2.4 1.6-2.3-1.6-2.3 1.6-2.4-1.6z" />
      <ellipse cx="10" cy="11" rx="1" ry="1.5" fill="#3C315B" />
      <ellipse cx="14" cy="11" rx="1" ry="1.5" fill="#3C315B" />
    </>
  ),
  coinbase_wallet: (
    <>
      <rect width="24" height="24" rx="6" fill="#0052FF" />
      <circle cx="12" cy="12" r="7" fill="#fff" />
      <rect x="9.6" y="9.6" width="4.8" height="4.8" rx="1" fill="#0052FF" />
    </>
  ),
  rainbow: (
    <>
      <rect width="24" height="24" rx="6" fill="#174299" />
      <g fill="none" strokeWidth="2.6">
        <path stroke="#FF4000" d="M4 5a15 15 0 0 1 15 15" />
        <path stroke="#FFD600" d="M4 8.5A11.5 11.5 0 0 1 15.5 20" />
        <path stroke="#00C2FF" d="M4 12a8 8 0 0 1 8 8" />
      </g>
      <path fill="#fff" d="M4 15.5a4.5 4.5 0 0 1 4.5 4.5H4z" />
    </>
  ),
  rabby_wallet: (
    <>
      <rect width="24" height="24" rx="6" fill="#7084FF" />
      <path
        fill="#fff"
        d="M5.5 14.6c0-3 3.4-5.1 7.6-5.1 2.8 0 5.4 1.1 5.4 3.4 0 2.9-3.6 4.6-7.4 4.6-3.3 0-5.6-1.1-5.6-2.9z"
      />
      <path fill="#fff" d="M8.2 10.3 6.6 5.6c2 .2 3.8 1.6 4.7 3.7z" />
    </>
  ),
  trust: (
    <>
      <path fill="#0500FF" d="M12 2.5 20 5.5v6c0 5-3.5 8.6-8 10-4.5-1.4-8-5-8-10v-6z" />
      <path fill="#fff" d="M12 5.4 17.6 7.5v4.1c0 3.5-2.3 6.2-5.6 7.5z" />
    </>
  ),
  okx_wallet: (
    <>
      <rect width="24" height="24" rx="6" fill="#000" />
      <path
        fill="#fff"
        d="M5 5h4.6v4.6H5zm9.4 0H19v4.6h-4.6zM9.7 9.7h4.6v4.6H9.7zM5 14.4h4.6V19H5zm9.4 0H19V19h-4.6z"
      />
    </>
  ),
  brave_wallet: (
    <>
      <path
        fill="#FB542B"
        d="m12 2.5 4 1.2 2.8-.4 1.7 2.5-.6 2 .9 2.2-1.7 6.4c-.4 1.5-1.4 2.4-2.8 3.3L12 21.5l-4.3-1.8c-1.4-.9-2.4-1.8-2.8-3.3L3.2 10l.9-2.2-.6-2 1.7-2.5 2.8.4z"
      />
      <path fill="#fff" d="m12 13.5 2.2 1.6L12 18l-2.2-2.9z" />
    </>
  ),
  zerion: (
    <>
      <rect width="24" height="24" rx="6" fill="#2962EF" />
      <path fill="#fff" d="M6 6.5h12.5l-2.6 4H6zm12 11H5.5l2.6-4H18z" />
    </>
  ),
  backpack: (
    <>
      <rect width="24" height="24" rx="6" fill="#E33E3F" />
      <path fill="none" stroke="#fff" strokeWidth="1.6" d="M9.5 7.5V6.3a2.5 2.5 0 0 1 5 0v1.2" />
      <rect x="6.5" y="7" width="11" height="12" rx="3" fill="#fff" />
      <rect x="9" y="13" width="6" height="3" rx="1" fill="#E33E3F" />
    </>
  ),
  solflare: (
    <>
      <rect width="24" height="24" rx="6" fill="#02050A" />
      <circle cx="12" cy="12" r="6.5" fill="#FFEF46" />
      <path fill="#FC7227" d="M12 5.5a6.5 6.5 0 0 1 0 13 4 4 0 0 0 0-6.5 3.3 3.3 0 0 1 0-6.5z" />
    </>
  ),
};

export interface WalletLogoProps {
  /** The wallet's own icon (EIP-6963 / Wallet Standard); empty for a wallet not installed. */
  icon: string;
  walletClientType: string;
  /** Sizes the logo (`lk-wallet-icon`, `lk-wallet-icon-lg`). */
  className: string;
}

/**
 * A wallet's logo: its own icon when it has one, else the mark of a known wallet, else a generic
 * wallet glyph (a wallet icon that fails to load falls back the same way).
 */
export function WalletLogo({ icon, walletClientType, className }: WalletLogoProps) {
  const mark = (walletMarks as Record<string, ReactNode>)[walletClientType];
  const fallback = (
    <span className={className} data-testid="lk-wallet-mark" aria-hidden="true">
      {mark ? <Mark>{mark}</Mark> : <WalletIcon />}
    </span>
  );
  return icon ? <RemoteImage className={className} src={icon} alt="" fallback={fallback} /> : fallback;
}
