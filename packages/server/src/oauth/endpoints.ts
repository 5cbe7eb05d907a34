import type { OAuthProviderName } from '@latchkey/protocol';
import * as oauth from 'oauth4webapi';
import type { ServerSettings } from '../settings.ts';
import { providerDefinition } from './providers/index.ts';
import type { ProviderClient, ProviderDefinition } from './providers/provider.ts';

/** How long a custom provider's discovered metadata is reused before it is fetched again. */
const discoveryTtlMs = 60 * 60 * 1000;
/** Every call to a provider gives up after this long. */
const providerTimeoutMs = 10_000;

/** A provider ready to talk to: its definition, endpoints, metadata and HTTP options. */
export interface ResolvedProvider {
  definition: ProviderDefinition;
  endpoints: Readonly<Record<string, string>>;
  as: oauth.AuthorizationServer;
  /** Options of every oauth4webapi call to it (timeout, and http where allowed). */
  http: ProviderHttpOptions;
}

/** The options every call to a provider takes: a timeout, and plain http where it is allowed. */
export interface ProviderHttpOptions {
  signal: () => AbortSignal;
  [oauth.allowInsecureRequests]?: boolean;
}

/** An endpoint this server may not call (plain http to a non-loopback host outside development). */
export class InsecureEndpointError extends Error {
  override readonly name = 'InsecureEndpointError';
}

const loopbackHost = (host: string) =>
  host === 'localhost' || host === '[::1]' || /^127(\.\d{1,3}){3}$/.test(host);

/**
 * True when some endpoint is plain http; throws when one is, and may not be: http is allowed to
 * loopback hosts (local stand-ins) and in development only.
 */
function checkProtocols(endpoints: Record<string, string>, development: boolean): boolean {
  let insecure = false;
  for (const [name, value] of Object.entries(endpoints)) {
    const url = new URL(value);
    if (url.protocol === 'https:') continue;
    if (url.protocol !== 'http:' || !(development || loopbackHost(url.hostname)))
      throw new InsecureEndpointError(`${name} must be an https URL (got ${url.protocol}//${url.host})`);
    insecure = true;
  }
  return insecure;
}

/**
 * Resolves providers' endpoints: the real ones by default, the server's `oauthEndpoints` over them,
 * and for custom OpenID providers the issuer's discovery document (cached per issuer).
 */
export class ProviderEndpoints {
  readonly #settings: Pick<ServerSettings, 'oauthEndpoints' | 'development'>;
  readonly #discovered = new Map<string, { as: oauth.AuthorizationServer; at: number }>();

  constructor(settings: Pick<ServerSettings, 'oauthEndpoints' | 'development'>) {
    this.#settings = settings;
  }

  async resolve(provider: OAuthProviderName, client: ProviderClient): Promise<ResolvedProvider> {
    const definition = providerDefinition(provider);
    const overrides = this.#settings.oauthEndpoints[provider] ?? {};
    if (provider.startsWith('custom:')) return this.#custom(definition, client.issuer ?? '', overrides);
    const endpoints = { ...definition.endpoints, ...overrides };
    const insecure = checkProtocols(endpoints, this.#settings.development);
    const as: oauth.AuthorizationServer = {
      // Plain OAuth providers have no issuer; their authorization server's origin stands in.
      issuer: endpoints.issuer ?? new URL(endpoints.authorization_endpoint!).origin,
      authorization_endpoint: endpoints.authorization_endpoint,
      token_endpoint: endpoints.token_endpoint,
      ...(definition.kind === 'openid'
        ? {
            userinfo_endpoint: endpoints.userinfo_endpoint,
            jwks_uri: endpoints.jwks_uri,
            // Google, Apple and LinkedIn sign ID tokens with RS256.
            id_token_signing_alg_values_supported: ['RS256'],
          }
        : {}),
    };
    return { definition, endpoints, as, http: httpOptions(insecure) };
  }

  async #custom(
    definition: ProviderDefinition,
    issuer: string,
    overrides: Record<string, string>,
  ): Promise<ResolvedProvider> {
    const insecure = checkProtocols({ issuer, ...overrides }, this.#settings.development);
    const http = httpOptions(insecure);
    const cached = this.#discovered.get(issuer);
    let as = cached && Date.now() - cached.at < discoveryTtlMs ? cached.as : null;
    if (!as) {
      const url = new URL(issuer);
      // OpenID Connect Discovery 1.0: `{issuer}/.well-known/openid-configuration`, its `issuer` checked.
      as = await oauth.processDiscoveryResponse(
        url,
        await oauth.discoveryRequest(url, { ...http, algorithm: 'oidc' }),
      );
      if (this.#discovered.size > 1000) this.#discovered.clear();
      this.#discovered.set(issuer, { as, at: Date.now() });
    }
    const discovered: Record<string, string> = {};
    for (const name of [
      'issuer',
      'authorization_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
      'jwks_uri',
    ])
      if (typeof as[name] === 'string') discovered[name] = as[name] as string;
    const endpoints = { ...discovered, ...overrides };
    // The discovered endpoints are held to the same rule as configured ones.
    const anyInsecure = checkProtocols(endpoints, this.#settings.development) || insecure;
    return {
      definition,
      endpoints,
      as: { ...as, ...overrides, issuer: as.issuer },
      http: httpOptions(anyInsecure),
    };
  }
}

function httpOptions(insecure: boolean): ProviderHttpOptions {
  return {
    signal: () => AbortSignal.timeout(providerTimeoutMs),
    // Plain http only reaches here for loopback stand-ins or in development (checkProtocols).
    ...(insecure ? { [oauth.allowInsecureRequests]: true } : {}),
  };
}
