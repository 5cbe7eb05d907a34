import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApprovalDesk, type Decision, type StandInAccount } from './oauth-approvals.ts';

/** The OAuth 2.0 providers this stand-in speaks (their own response shapes, not OpenID's). */
export const socialStandInProviders = [
  'github',
  'discord',
  'twitter',
  'spotify',
  'instagram',
  'tiktok',
  'line',
] as const;
export type SocialStandInProvider = (typeof socialStandInProviders)[number];

export interface SocialStandIn {
  url: string;
  /** The client the app's `oauth_credentials` entry holds for `provider`. */
  credentials(provider: SocialStandInProvider): { client_id: string; client_secret: string };
  /** The endpoint overrides to give the server for `provider` (`oauthEndpoints`). */
  endpoints(provider: SocialStandInProvider): Record<string, string>;
  /** Allows a redirect URI (the Latchkey server's callback). */
  allowRedirectUri(uri: string): void;
  approveNextAs(account: StandInAccount): void;
  denyNext(): void;
  addAccount(account: StandInAccount): void;
  /** Every token request, as received. */
  tokenRequests: { provider: SocialStandInProvider; form: Record<string, string>; basic: string | null }[];
  close(): Promise<void>;
}

interface Grant {
  provider: SocialStandInProvider;
  sub: string;
  redirectUri: string;
  challenge: string | null;
  method: string | null;
  nonce: string | null;
  scope: string;
  expiresAt: number;
}

/** Where each provider keeps its endpoints, under `/{provider}` (their real paths). */
const paths: Record<SocialStandInProvider, Record<string, string>> = {
  github: {
    authorization_endpoint: '/login/oauth/authorize',
    token_endpoint: '/login/oauth/access_token',
    userinfo_endpoint: '/api/user',
    emails_endpoint: '/api/user/emails',
  },
  discord: {
    authorization_endpoint: '/oauth2/authorize',
    token_endpoint: '/api/oauth2/token',
    userinfo_endpoint: '/api/users/@me',
    avatar_base: '/cdn',
  },
  twitter: {
    authorization_endpoint: '/i/oauth2/authorize',
    token_endpoint: '/2/oauth2/token',
    userinfo_endpoint: '/2/users/me?user.fields=profile_image_url',
  },
  spotify: {
    authorization_endpoint: '/authorize',
    token_endpoint: '/api/token',
    userinfo_endpoint: '/v1/me',
  },
  instagram: {
    authorization_endpoint: '/oauth/authorize',
    token_endpoint: '/oauth/access_token',
    userinfo_endpoint: '/me?fields=user_id,username',
  },
  tiktok: {
    authorization_endpoint: '/v2/auth/authorize/',
    token_endpoint: '/v2/oauth/token/',
    userinfo_endpoint: '/v2/user/info/?fields=open_id,union_id,avatar_url,display_name,username',
  },
  line: {
    authorization_endpoint: '/oauth2/v2.1/authorize',
    token_endpoint: '/oauth2/v2.1/token',
    userinfo_endpoint: '/v2/profile',
    verify_endpoint: '/oauth2/v2.1/verify',
  },
};

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
};

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const b64url = (buffer: Buffer) => buffer.toString('base64url');

/** LINE signs web-login ID tokens HS256 with the channel secret. */
function lineIdToken(claims: Record<string, unknown>, secret: string): string {
  const header = b64url(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'HS256' })));
  const payload = b64url(Buffer.from(JSON.stringify(claims)));
  const signature = b64url(createHmac('sha256', secret).update(`${header}.${payload}`).digest());
  return `${header}.${payload}.${signature}`;
}

/**
 * A local stand-in for GitHub, Discord, X, Spotify, Instagram, TikTok and LINE: each under
 * `/{provider}` at its real paths, with its own authorization parameters (TikTok's `client_key`),
 * client authentication (Basic for X, either for Discord and Spotify, the body for the others),
 * PKCE checks where the provider does them, token responses (GitHub's JSON, Instagram's `data`
 * array, LINE's HS256 ID token) and profile shapes (X's `data`, TikTok's `data.user`, GitHub's
 * `/user/emails`), and the 403 GitHub and X give a suspended account. Consent goes through the
 * `ApprovalDesk`.
 */
export async function startSocialStandIn(): Promise<SocialStandIn> {
  const desk = new ApprovalDesk();
  const redirectUris = new Set<string>();
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, { provider: SocialStandInProvider; sub: string }>();
  const tokenRequests: SocialStandIn['tokenRequests'] = [];
  const pendingAuthorizations = new Map<string, URL>();
  const clients = Object.fromEntries(
    socialStandInProviders.map((p) => [
      p,
      {
        client_id: `${p}-${randomBytes(4).toString('hex')}`,
        client_secret: randomBytes(24).toString('base64url'),
      },
    ]),
  ) as Record<SocialStandInProvider, { client_id: string; client_secret: string }>;

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) =>
      json(res, 500, { error: 'server_error', message: String(error) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const requestUrl = new URL(req.url ?? '/', url);
    const [, providerName, ...rest] = requestUrl.pathname.split('/');
    const provider = providerName as SocialStandInProvider;
    if (providerName === 'consent') return consentPost(req, res, rest[0] ?? '');
    if (!socialStandInProviders.includes(provider)) return json(res, 404, { error: 'not_found' });
    const path = `/${rest.join('/')}`;
    const endpoint = Object.entries(paths[provider]).find(([, p]) => p.split('?')[0] === path)?.[0];
    switch (endpoint) {
      case 'authorization_endpoint':
        return authorize(provider, requestUrl, res);
      case 'token_endpoint':
        return token(provider, req, res);
      case 'verify_endpoint':
        return lineVerify(req, res);
      case 'userinfo_endpoint':
      case 'emails_endpoint':
        return profile(provider, endpoint, req, res);
      default:
        return json(res, 404, { error: 'not_found' });
    }
  }

  function authorize(provider: SocialStandInProvider, request: URL, res: ServerResponse) {
    const q = request.searchParams;
    const clientId = provider === 'tiktok' ? q.get('client_key') : q.get('client_id');
    const redirectUri = q.get('redirect_uri') ?? '';
    if (clientId !== clients[provider].client_id || !redirectUris.has(redirectUri))
      return json(res, 400, {
        error: 'invalid_request',
        error_description: 'unknown client or redirect_uri',
      });
    if (q.get('response_type') !== 'code') return json(res, 400, { error: 'unsupported_response_type' });
    // X requires PKCE; the others take it when sent.
    if (provider === 'twitter' && !q.get('code_challenge'))
      return json(res, 400, { error: 'invalid_request' });
    const decision = desk.next();
    if (decision) return finish(provider, q, decision, res);
    const id = randomBytes(12).toString('hex');
    pendingAuthorizations.set(id, request);
    desk.page(res, `Sign in to ${provider}`, `/consent/${id}`);
  }

  async function consentPost(req: IncomingMessage, res: ServerResponse, id: string): Promise<void> {
    const request = pendingAuthorizations.get(id);
    const decision = desk.fromForm(await readForm(req));
    if (!request || !decision) return json(res, 400, { error: 'invalid_request' });
    pendingAuthorizations.delete(id);
    const provider = request.pathname.split('/')[1] as SocialStandInProvider;
    finish(provider, request.searchParams, decision, res);
  }

  function finish(
    provider: SocialStandInProvider,
    q: URLSearchParams,
    decision: Decision,
    res: ServerResponse,
  ) {
    const back = new URL(q.get('redirect_uri')!);
    const state = q.get('state');
    if ('deny' in decision) {
      back.searchParams.set('error', 'access_denied');
      back.searchParams.set('error_description', 'The user has denied your application access.');
    } else {
      const code = randomBytes(20).toString('hex');
      grants.set(code, {
        provider,
        sub: decision.approve.sub,
        redirectUri: back.href,
        challenge: q.get('code_challenge'),
        method: q.get('code_challenge_method'),
        nonce: q.get('nonce'),
        scope: q.get('scope') ?? '',
        expiresAt: Date.now() + 10 * 60_000,
      });
      back.searchParams.set('code', code);
    }
    if (state) back.searchParams.set('state', state);
    res.writeHead(302, { location: back.href }).end();
  }

  /** The client's credentials, from Basic or the body, as each provider accepts them. */
  function clientAuth(provider: SocialStandInProvider, req: IncomingMessage, form: URLSearchParams) {
    const header = req.headers.authorization;
    if (header?.startsWith('Basic ')) {
      const [id, secret] = Buffer.from(header.slice(6), 'base64')
        .toString()
        .split(':')
        .map(decodeURIComponent);
      return { id, secret, basic: true };
    }
    const id = provider === 'tiktok' ? form.get('client_key') : form.get('client_id');
    return { id, secret: form.get('client_secret'), basic: false };
  }

  const tokenError = (
    provider: SocialStandInProvider,
    res: ServerResponse,
    error: string,
    description: string,
  ) => {
    if (provider === 'github') return json(res, 200, { error, error_description: description }); // GitHub: 200
    if (provider === 'instagram')
      return json(res, 400, { error_type: 'OAuthException', code: 400, error_message: description });
    return json(res, error === 'invalid_client' ? 401 : 400, { error, error_description: description });
  };

  async function token(
    provider: SocialStandInProvider,
    req: IncomingMessage,
    res: ServerResponse,
  ): Promise<void> {
    const form = await readForm(req);
    tokenRequests.push({
      provider,
      form: Object.fromEntries(form),
      basic: req.headers.authorization ?? null,
    });
    const client = clientAuth(provider, req, form);
    if (provider === 'twitter' && !client.basic)
      return tokenError(provider, res, 'unauthorized_client', 'Basic auth required');
    if (client.id !== clients[provider].client_id || client.secret !== clients[provider].client_secret)
      return tokenError(provider, res, 'invalid_client', 'Client authentication failed');
    const code = form.get('code') ?? '';
    const grant = grants.get(code);
    grants.delete(code);
    if (
      !grant ||
      grant.provider !== provider ||
      grant.expiresAt < Date.now() ||
      grant.redirectUri.split('?')[0] !== form.get('redirect_uri')
    )
      return tokenError(
        provider,
        res,
        provider === 'github' ? 'bad_verification_code' : 'invalid_grant',
        'The code is invalid or expired.',
      );
    if (grant.challenge) {
      const verifier = form.get('code_verifier') ?? '';
      const computed =
        grant.method === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
      if (computed !== grant.challenge)
        return tokenError(provider, res, 'invalid_grant', 'PKCE verification failed');
    }
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, { provider, sub: grant.sub });
    const account = desk.account(grant.sub)!;
    switch (provider) {
      case 'github':
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'bearer',
          scope: 'read:user,user:email',
        });
      case 'instagram':
        return json(res, 200, {
          data: [{ access_token: accessToken, user_id: grant.sub, permissions: 'instagram_business_basic' }],
        });
      case 'tiktok':
        return json(res, 200, {
          access_token: accessToken,
          expires_in: 86400,
          open_id: grant.sub,
          refresh_expires_in: 31536000,
          refresh_token: randomBytes(24).toString('base64url'),
          scope: grant.scope,
          token_type: 'Bearer',
        });
      case 'line': {
        const now = Math.floor(Date.now() / 1000);
        const claims: Record<string, unknown> = {
          iss: 'https://access.line.me',
          sub: grant.sub,
          aud: clients.line.client_id,
          exp: now + 3600,
          iat: now,
          amr: ['linesso'],
          name: account.name,
          picture: account.picture,
          email: account.email,
        };
        if (grant.nonce) claims.nonce = grant.nonce;
        return json(res, 200, {
          access_token: accessToken,
          expires_in: 2592000,
          id_token: lineIdToken(claims, clients.line.client_secret),
          refresh_token: randomBytes(24).toString('base64url'),
          scope: grant.scope,
          token_type: 'Bearer',
        });
      }
      default:
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: provider === 'twitter' ? 7200 : 3600,
          refresh_token: randomBytes(24).toString('base64url'),
          scope: grant.scope,
        });
    }
  }

  async function lineVerify(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const form = await readForm(req);
    const [header, payload, signature] = (form.get('id_token') ?? '').split('.');
    const expected =
      header &&
      payload &&
      b64url(createHmac('sha256', clients.line.client_secret).update(`${header}.${payload}`).digest());
    if (!expected || signature !== expected)
      return json(res, 400, { error: 'invalid_request', error_description: 'Invalid IdToken.' });
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    if (claims.aud !== form.get('client_id'))
      return json(res, 400, { error: 'invalid_request', error_description: 'Invalid IdToken Audience.' });
    if (Number(claims.exp) < Date.now() / 1000)
      return json(res, 400, { error: 'invalid_request', error_description: 'IdToken expired.' });
    return json(res, 200, claims);
  }

  function profile(
    provider: SocialStandInProvider,
    endpoint: string,
    req: IncomingMessage,
    res: ServerResponse,
  ) {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const held = bearer ? tokens.get(bearer) : undefined;
    if (!held || held.provider !== provider) return json(res, 401, { error: 'invalid_token' });
    const a = desk.account(held.sub)!;
    if (a.suspended && provider === 'github')
      return json(res, 403, {
        message: 'Sorry. Your account was suspended.',
        documentation_url: 'https://docs.github.com',
      });
    if (a.suspended && provider === 'twitter')
      return json(res, 403, {
        errors: [
          { code: 64, message: 'Your account is suspended and is not permitted to access this feature.' },
        ],
      });
    switch (provider) {
      case 'github':
        if (endpoint === 'emails_endpoint')
          return json(
            res,
            200,
            a.email
              ? [{ email: a.email, primary: true, verified: a.emailVerified !== false, visibility: null }]
              : [],
          );
        // A private address: `email` is null and `/user/emails` has it.
        return json(res, 200, {
          login: a.username,
          id: Number(a.sub),
          avatar_url: a.picture ?? null,
          name: a.name ?? null,
          email: null,
        });
      case 'discord':
        return json(res, 200, {
          id: a.sub,
          username: a.username,
          discriminator: '0',
          global_name: a.name ?? null,
          avatar: a.picture ? 'a1b2c3d4' : null,
          email: a.email ?? null,
          verified: a.emailVerified !== false,
        });
      case 'twitter':
        return json(res, 200, {
          data: { id: a.sub, name: a.name, username: a.username, profile_image_url: a.picture },
        });
      case 'spotify':
        return json(res, 200, {
          id: a.sub,
          display_name: a.name ?? null,
          email: a.email,
          images: a.picture ? [{ url: a.picture, height: 300, width: 300 }] : [],
        });
      case 'instagram':
        return json(res, 200, { user_id: a.sub, username: a.username, id: a.sub });
      case 'tiktok':
        return json(res, 200, {
          data: {
            user: {
              open_id: a.sub,
              union_id: `u-${a.sub}`,
              avatar_url: a.picture,
              display_name: a.name,
              username: a.username,
            },
          },
          error: { code: 'ok', message: '', log_id: randomBytes(8).toString('hex') },
        });
      case 'line':
        return json(res, 200, {
          userId: a.sub,
          displayName: a.name,
          pictureUrl: a.picture,
          statusMessage: '',
        });
    }
  }

  return {
    url,
    credentials: (provider) => ({ ...clients[provider] }),
    endpoints: (provider) =>
      Object.fromEntries(
        Object.entries(paths[provider]).map(([name, path]) => [name, `${url}/${provider}${path}`]),
      ),
    allowRedirectUri: (uri) => void redirectUris.add(uri),
    approveNextAs: (account) => desk.approveNextAs(account),
    denyNext: () => desk.denyNext(),
    addAccount: (account) => void desk.addAccount(account),
    tokenRequests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
