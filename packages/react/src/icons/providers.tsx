import type { OAuthProvider } from '@latchkey/protocol';
import type { ReactNode } from 'react';
import { Mark } from './Icon.tsx';

/**
 * The ten social providers' marks (24 × 24). Brand marks are their owners'; they are shown only to
 * name the provider on its login button and status screen, as the owners' brand guidelines allow.
 */
export const providerMarks: Record<OAuthProvider, ReactNode> = {
  google: (
    <>
      <path
        fill="#4285F4"
        d="M23.49 12.27c0-.79-.07-1.54-.19-2.27H12v4.51h6.47c-.29 1.48-1.14 2.73-2.4 3.58v3h3.86c2.26-2.09 3.56-5.17 3.56-8.82z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.24 0 5.95-1.08 7.93-2.91l-3.86-3c-1.08.72-2.45 1.16-4.07 1.16-3.13 0-5.78-2.11-6.73-4.96H1.29v3.09C3.26 21.3 7.31 24 12 24z"
      />
      <path
        fill="#FBBC05"
        d="M5.27 14.29c-.25-.72-.38-1.49-.38-2.29s.14-1.57.38-2.29V6.62H1.29C.47 8.24 0 10.06 0 12s.47 3.76 1.29 5.38l3.98-3.09z"
      />
      <path
        fill="#EA4335"
        d="M12 4.75c1.77 0 3.35.61 4.6 1.8l3.42-3.42C17.95 1.19 15.24 0 12 0 7.31 0 3.26 2.7 1.29 6.62l3.98 3.09c.95-2.85 3.6-4.96 6.73-4.96z"
      />
    </>
  ),
  twitter: (
    <path
      fill="currentColor"
      d="M18.9 1.15h3.68l-8.04 9.19L24 22.85h-7.41l-5.8-7.58-6.64 7.58H.47l8.6-9.83L0 1.15h7.59l5.24 6.93 6.07-6.93zm-1.29 19.49h2.04L6.49 3.24H4.3l13.31 17.4z"
    />
  ),
  discord: (
    <>
      <rect width="24" height="24" rx="6" fill="#5865F2" />
      <path
        fill="#fff"
        d="M17.3 7.3a12.9 12.9 0 0 0-3.2-1l-.4.8a12 12 0 0 0-3.4 0l-.4-.8a12.9 12.9 0 0 0-3.2 1C4.7 10.3 4.2 13.2 4.4 16.1a13 13 0 0 0 3.9 2l.8-1.3a8.4 8.4 0 0 1-1.3-.6l.3-.2a9.2 9.2 0 0 0 7.8 0l.3.2-1.3.6.8 1.3a13 13 0 0 0 3.9-2c.3-3.4-.5-6.2-2.3-8.8zM9.5 14.3c-.8 0-1.4-.7-1.4-1.6s.6-1.6 1.4-1.6 1.4.7 1.4 1.6-.6 1.6-1.4 1.6zm5 0c-.8 0-1.4-.7-1.4-1.6s.6-1.6 1.4-1.6 1.4.7 1.4 1.6-.6 1.6-1.4 1.6z"
      />
    </>
  ),
  github: (
    <path
      fill="currentColor"
      d="M12 .3a12 12 0 0 0-3.8 23.4c.6.1.8-.3.8-.6v-2c-3.3.7-4-1.6-4-1.6-.6-1.4-1.4-1.8-1.4-1.8-1-.7.1-.7.1-.7 1.2.1 1.8 1.2 1.8 1.2 1.1 1.8 2.8 1.3 3.5 1 .1-.8.4-1.3.8-1.6-2.7-.3-5.5-1.3-5.5-5.9 0-1.3.5-2.4 1.2-3.2-.1-.3-.5-1.5.1-3.2 0 0 1-.3 3.3 1.2a11.5 11.5 0 0 1 6 0c2.3-1.5 3.3-1.2 3.3-1.2.6 1.7.2 2.9.1 3.2.8.8 1.2 1.9 1.2 3.2 0 4.6-2.8 5.6-5.5 5.9.4.4.8 1.1.8 2.2v3.3c0 .3.2.7.8.6A12 12 0 0 0 12 .3"
    />
  ),
  spotify: (
    <>
      <circle cx="12" cy="12" r="12" fill="#1ED760" />
      <path
        fill="none"
        stroke="#000"
        strokeLinecap="round"
        strokeWidth="1.9"
        d="M6.4 8.9c3.8-1.1 8.1-.8 11.4 1.1M7 12.4c3.1-.9 6.6-.6 9.3 1M7.6 15.7c2.5-.7 5.2-.5 7.3.8"
      />
    </>
  ),
  instagram: (
    <>
      <defs>
        <linearGradient id="lk-ig" x1="0" y1="24" x2="24" y2="0" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#FFD600" />
          <stop offset=".5" stopColor="#FF0169" />
          <stop offset="1" stopColor="#7638FA" />
        </linearGradient>
      </defs>
      <rect width="24" height="24" rx="6" fill="url(#lk-ig)" />
      <rect x="5" y="5" width="14" height="14" rx="4" fill="none" stroke="#fff" strokeWidth="1.8" />
      <circle cx="12" cy="12" r="3.3" fill="none" stroke="#fff" strokeWidth="1.8" />
      <circle cx="16.1" cy="7.9" r="1" fill="#fff" />
    </>
  ),
  tiktok: (
    <>
      <rect width="24" height="24" rx="6" fill="#000" />
      <path
        fill="#fff"
        d="M15.9 5h-2.6v9.6a2.2 2.2 0 1 1-2.2-2.2c.2 0 .4 0 .6.1V9.8a4.9 4.9 0 1 0 4.2 4.8V9.7a6 6 0 0 0 3.3 1V8.1A3.4 3.4 0 0 1 15.9 5z"
      />
    </>
  ),
  line: (
    <>
      <rect width="24" height="24" rx="6" fill="#06C755" />
      <path
        fill="#fff"
        d="M12 4.6c-4.4 0-8 2.9-8 6.5 0 3.2 2.8 5.9 6.7 6.4.3.1.6.2.7.4.1.2.1.5 0 .7l-.1.7c0 .2-.2.8.7.4.9-.4 4.8-2.8 6.5-4.8 1.2-1.3 1.7-2.6 1.7-4 0-3.5-3.6-6.3-8.2-6.3z"
      />
    </>
  ),
  linkedin: (
    <>
      <rect width="24" height="24" rx="4" fill="#0A66C2" />
      <path
        fill="#fff"
        d="M7.1 9.5h-2.6v8.4h2.6V9.5zM5.8 5.3a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zm12.1 7.9c0-2.3-.5-4-3.1-4a2.8 2.8 0 0 0-2.5 1.4V9.5H9.8v8.4h2.6v-4.2c0-1.1.2-2.2 1.6-2.2 1.4 0 1.4 1.3 1.4 2.2v4.1h2.6l-.1-4.6z"
      />
    </>
  ),
  apple: (
    <path
      fill="currentColor"
      d="M16.4 12.7c0-2.6 2.1-3.8 2.2-3.9a4.8 4.8 0 0 0-3.8-2c-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.3-.9a4.9 4.9 0 0 0-4.2 2.5c-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.6 1.3-.1 1.7-.8 3.3-.8 1.5 0 2 .8 3.3.8 1.4 0 2.2-1.3 3.1-2.5a10 10 0 0 0 1.4-2.9c-.1 0-2.7-1-2.7-4zM13.9 5.1c.7-.9 1.2-2 1-3.2-1 0-2.2.7-3 1.5-.6.7-1.2 1.9-1.1 3.1 1.2.1 2.3-.6 3.1-1.4z"
    />
  ),
};

/** A social provider's mark, or null for a provider without one (an app's own OpenID provider). */
export function ProviderMark({ provider }: { provider: string }) {
  const mark = (providerMarks as Record<string, ReactNode>)[provider];
  return mark ? <Mark>{mark}</Mark> : null;
}
