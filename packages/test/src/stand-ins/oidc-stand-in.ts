import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  decodeJwt,
  decodeProtectedHeader,
  exportJWK,
  exportPKCS8,
  generateKeyPair,
  type JWK,
  jwtVerify,
  type KeyObject,
  SignJWT,
} from 'jose';
import Provider, { interactionPolicy } from 'oidc-provider';
import { ApprovalDesk, type Decision, type StandInAccount } from './oauth-approvals.ts';

/** A client registered at the stand-in: what the app's `oauth_credentials` entry holds. */
export interface OidcStandInClient {
  client_id: string;
  client_secret: string;
}

/** Sign in with Apple's credentials: the Services ID, team, key id and the `.p8` key (PKCS#8 PEM). */
export interface AppleStandInClient {
  client_id: string;
  team_id: string;
  key_id: string;
  private_key: string;
}

/** Ways the next ID token is made wrong, for the security tests. */
export interface IdTokenTampering {
  iss?: string;
  aud?: string;
  nonce?: string;
  /** Seconds from now (negative: already expired). */
  expiresIn?: number;
  /** Signed by a key the provider's JWKS does not hold (same `kid`). */
  foreignKey?: boolean;
}

export interface OidcStandIn {
  /** `http://127.0.0.1:<port>`: the issuer, its discovery at `/.well-known/openid-configuration`. */
  issuer: string;
  /** The endpoints to give the server for a provider (`oauthEndpoints`); Apple's has no userinfo. */
  endpoints(options?: { userinfo?: boolean }): Record<string, string>;
  /** Registers (once per name) a confidential client; `auth` is its token endpoint authentication. */
  client(name: string, auth?: 'client_secret_post' | 'client_secret_basic'): OidcStandInClient;
  /** Registers (once per name) an Apple-style client whose secret is an ES256 JWT signed with its key. */
  appleClient(name: string): Promise<AppleStandInClient>;
  /** Allows a redirect URI for every client (the Latchkey server's callback). */
  allowRedirectUri(uri: string): void;
  /** The next authorization logs in as `account`. */
  approveNextAs(account: StandInAccount): void;
  /** The next authorization is refused by the user. */
  denyNext(): void;
  /** Accounts the consent page offers. */
  addAccount(account: StandInAccount): void;
  /** The next ID token the token endpoint issues is altered this way. */
  misbehaveNext(tampering: IdTokenTampering): void;
  /** What each token request carried. */
  tokenRequests: { client_id: string | null; code_verifier: boolean; client_secret_jwt: boolean }[];
  close(): Promise<void>;
}

/** Only what oidc-provider asks of an adapter, in memory; clients come from the stand-in's map. */
function memoryAdapter(clients: Map<string, Record<string, unknown>>) {
  const store = new Map<string, Record<string, unknown>>();
  return class {
    readonly #model: string;
    constructor(model: string) {
      this.#model = model;
    }
    #key(id: string) {
      return `${this.#model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>) {
      store.set(this.#key(id), payload);
      if (this.#model === 'Session') store.set(`sessionUid:${payload.uid}`, { id });
    }
    async find(id: string) {
      if (this.#model === 'Client') return clients.get(id);
      return store.get(this.#key(id));
    }
    async findByUid(uid: string) {
      const ref = store.get(`sessionUid:${uid}`);
      return ref ? store.get(this.#key(String(ref.id))) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = store.get(this.#key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.#key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, payload] of store) if (payload.grantId === grantId) store.delete(key);
    }
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A real OpenID provider (`oidc-provider`) on 127.0.0.1, standing in for Google, LinkedIn, Apple
 * and custom OpenID providers: authorization code flow with PKCE, `form_post`, RS256 ID tokens
 * with the scope's claims (as Google puts them there), userinfo, JWKS and discovery. Consent goes
 * through the `ApprovalDesk` (queued decisions, or a page to click). Apple's client secrets are
 * checked as Apple does (an ES256 JWT from the team's key), and Apple's ID token is issued
 * whatever the scope.
 *
 * @example
 * const oidc = await startOidcStandIn();
 * const google = oidc.client('google');
 * oidc.approveNextAs({ sub: '1001', email: 'alice@example.com', name: 'Alice' });
 */
export async function startOidcStandIn(): Promise<OidcStandIn> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const desk = new ApprovalDesk();
  const clients = new Map<string, Record<string, unknown>>();
  const redirectUris = new Set<string>();
  const apple = new Map<
    string,
    { teamId: string; keyId: string; publicKey: KeyObject; staticSecret: string }
  >();
  const tampering: IdTokenTampering[] = [];
  const tokenRequests: OidcStandIn['tokenRequests'] = [];

  const signing = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const privateJwk: JWK = { ...(await exportJWK(signing.privateKey)), kid, alg: 'RS256', use: 'sig' };
  const foreign = await generateKeyPair('RS256');

  const policy = interactionPolicy.base();
  // Every authorization asks again (no remembered session), so each test decides who logs in.
  policy
    .get('login')!
    .checks.add(
      new interactionPolicy.Check('stand_in_asks', 'The stand-in asks every time', (ctx) =>
        ctx.oidc.result?.login
          ? interactionPolicy.Check.NO_NEED_TO_PROMPT
          : interactionPolicy.Check.REQUEST_PROMPT,
      ),
    );

  const provider = new Provider(issuer, {
    adapter: memoryAdapter(clients),
    jwks: { keys: [privateJwk] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'picture', 'preferred_username'],
      name: ['name'],
    },
    // Google and Apple put the scope's claims in the ID token.
    conformIdTokenClaims: false,
    responseTypes: ['code'],
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 600,
      Grant: 600,
      Session: 600,
    },
    pkce: { required: () => false },
    features: { devInteractions: { enabled: false } },
    interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      const account = desk.account(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: account.email,
            email_verified: account.email ? account.emailVerified !== false : undefined,
            name: account.name,
            picture: account.picture,
            preferred_username: account.username,
          };
        },
      };
    },
  });

  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/auth' && apple.has(String(ctx.query.client_id))) {
      // Apple issues an ID token whatever the scope (`name email`): its scope is OpenID's.
      const query = new URLSearchParams(ctx.querystring);
      const scopes = new Set((query.get('scope') ?? '').split(' ').filter(Boolean));
      scopes.add('openid');
      query.set('scope', [...scopes].join(' '));
      ctx.querystring = query.toString();
    }
    if (ctx.method === 'POST' && ctx.path === '/token') {
      const form = new URLSearchParams(await readBody(ctx.req));
      const clientId = form.get('client_id');
      const appleClient = clientId ? apple.get(clientId) : undefined;
      tokenRequests.push({
        client_id: clientId,
        code_verifier: form.has('code_verifier'),
        client_secret_jwt: !!appleClient,
      });
      if (appleClient)
        form.set('client_secret', await checkAppleSecret(appleClient, clientId!, form.get('client_secret')));
      // Read here, the body is handed to oidc-provider already parsed.
      (ctx.req as IncomingMessage & { body?: string }).body = form.toString();
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    const tamper = ctx.oidc?.route === 'token' && body?.id_token ? tampering.shift() : undefined;
    if (tamper && body?.id_token) body.id_token = await tamperIdToken(body.id_token, tamper);
  });

  /** Apple's client secret: ES256, `kid` the key id, `iss` the team, `sub` the client, `aud` the issuer. */
  async function checkAppleSecret(
    client: { teamId: string; keyId: string; publicKey: KeyObject; staticSecret: string },
    clientId: string,
    secret: string | null,
  ): Promise<string> {
    try {
      if (!secret || decodeProtectedHeader(secret).kid !== client.keyId) return 'refused';
      await jwtVerify(secret, client.publicKey, {
        algorithms: ['ES256'],
        issuer: client.teamId,
        subject: clientId,
        audience: issuer,
      });
      return client.staticSecret;
    } catch {
      return 'refused';
    }
  }

  async function tamperIdToken(idToken: string, tamper: IdTokenTampering): Promise<string> {
    const claims = decodeJwt(idToken);
    const now = Math.floor(Date.now() / 1000);
    if (tamper.iss !== undefined) claims.iss = tamper.iss;
    if (tamper.aud !== undefined) claims.aud = tamper.aud;
    if (tamper.nonce !== undefined) claims.nonce = tamper.nonce;
    if (tamper.expiresIn !== undefined) {
      claims.exp = now + tamper.expiresIn;
      claims.iat = Math.min(Number(claims.iat ?? now), now + tamper.expiresIn - 60);
    }
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' })
      .sign(tamper.foreignKey ? foreign.privateKey : signing.privateKey);
  }

  async function finish(req: IncomingMessage, res: ServerResponse, decision: Decision): Promise<void> {
    if ('deny' in decision) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'End-User aborted interaction' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const details = await provider.interactionDetails(req, res);
    const accountId = decision.approve.sub;
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const callback = provider.callback();
  handler = (req, res) => {
    const match = /^\/interaction\/([\w-]+)$/.exec(new URL(req.url ?? '/', issuer).pathname);
    if (!match) return void callback(req, res);
    (async () => {
      const details = await provider.interactionDetails(req, res);
      const decision =
        req.method === 'POST' ? desk.fromForm(new URLSearchParams(await readBody(req))) : desk.next();
      if (decision) await finish(req, res, decision);
      else desk.page(res, `Sign in to ${String(details.params.client_id)}`, `/interaction/${match[1]}`);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain' });
      res.end(`interaction failed: ${String(error)}`);
    });
  };

  const register = (id: string, secret: string, auth: string) =>
    clients.set(id, {
      client_id: id,
      client_secret: secret,
      redirect_uris: [...redirectUris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: auth,
    });

  return {
    issuer,
    endpoints: (options = {}) => ({
      issuer,
      authorization_endpoint: `${issuer}/auth`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      ...(options.userinfo === false ? {} : { userinfo_endpoint: `${issuer}/me` }),
    }),
    client(name, auth = 'client_secret_post') {
      const id = `${name}-client`;
      const existing = clients.get(id);
      if (existing) return { client_id: id, client_secret: String(existing.client_secret) };
      const secret = randomBytes(24).toString('base64url');
      register(id, secret, auth);
      return { client_id: id, client_secret: secret };
    },
    async appleClient(name) {
      const id = `com.example.${name}.web`;
      if (apple.has(id)) throw new Error(`Apple client ${name} is registered already`);
      const teamId = randomBytes(5).toString('hex').toUpperCase();
      const keyId = randomBytes(5).toString('hex').toUpperCase();
      const staticSecret = randomBytes(24).toString('base64url');
      const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
      apple.set(id, { teamId, keyId, publicKey: publicKey as KeyObject, staticSecret });
      register(id, staticSecret, 'client_secret_post');
      return { client_id: id, team_id: teamId, key_id: keyId, private_key: await exportPKCS8(privateKey) };
    },
    allowRedirectUri(uri) {
      redirectUris.add(uri);
      for (const client of clients.values()) client.redirect_uris = [...redirectUris];
    },
    approveNextAs: (account) => desk.approveNextAs(account),
    denyNext: () => desk.denyNext(),
    addAccount: (account) => void desk.addAccount(account),
    misbehaveNext: (t) => void tampering.push(t),
    tokenRequests,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
