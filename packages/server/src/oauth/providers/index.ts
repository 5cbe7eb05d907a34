import type { OAuthProvider } from '@latchkey/protocol';
import { apple } from './apple.ts';
import { customOidc } from './custom-oidc.ts';
import { discord } from './discord.ts';
import { github } from './github.ts';
import { google } from './google.ts';
import { instagram } from './instagram.ts';
import { line } from './line.ts';
import { linkedin } from './linkedin.ts';
import type { ProviderDefinition } from './provider.ts';
import { spotify } from './spotify.ts';
import { tiktok } from './tiktok.ts';
import { twitter } from './twitter.ts';

/** The ten providers (one file each), by protocol id; `custom:{name}` providers use `customOidc`. */
export const providerDefinitions: Record<OAuthProvider, ProviderDefinition> = {
  google,
  twitter,
  discord,
  github,
  spotify,
  instagram,
  tiktok,
  line,
  linkedin,
  apple,
};

/** The definition of a provider id (`google`, …, `custom:{name}`). */
export const providerDefinition = (provider: string): ProviderDefinition =>
  provider.startsWith('custom:') ? customOidc : providerDefinitions[provider as OAuthProvider];
