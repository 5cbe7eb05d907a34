import { generateKeyPairSync } from 'node:crypto';
import { serverWalletKeysApi } from '@latchkey/protocol';
import { type SqlBool, sql } from 'kysely';
import { route } from '../../feature.ts';
import {
  always,
  type HostileString,
  invalidData,
  invalidToken,
  type Outcome,
  ok,
} from '../../hostile-fixtures.ts';
import { authorizeRequest } from '../authorize.ts';
import type { FeaturePart } from '../part.ts';
import { gatedWallet } from '../signing-gates.ts';
import { walletView } from '../wallet-view.ts';
import { exportWalletKey } from './export.ts';
import { initImport, submitImport } from './import.ts';
import { hpkeMigrations } from './migrations.ts';
import { exportBody, importInitBody, importSubmitBody, userKeyBody } from './schemas.ts';
import { issueUserKey } from './user-keys.ts';

/** A recipient key for the fixtures (a public key: nothing secret). */
const fixtureRecipientKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
  .publicKey.export({ format: 'der', type: 'spki' })
  .toString('base64');
const notFound: Outcome = { status: 404, code: 'not_found' };
/** NUL (refused in any body) and 10k characters (past the field's bound) are invalid data; the rest gets `otherwise`. */
const boundedOr = (otherwise: Outcome) => (kind: HostileString) =>
  kind === 'long' || kind === 'nul' || kind === 'nulInside' ? invalidData : otherwise;

/**
 * Key transport for server wallets over HPKE: users' authorization keys (`POST /wallets/authenticate`
 * and its older spelling), export to the owner, import of a private key.
 */
export const hpkePart: FeaturePart = {
  migrations: hpkeMigrations,
  sweeps: [
    // Expired keys count for nothing (user-keys.ts checks `expires_at`); times here are milliseconds.
    {
      table: 'server_wallet_user_keys',
      expired: ({ now }) => sql<SqlBool>`expires_at <= ${now * 1000}`,
    },
    { table: 'server_wallet_imports', expired: ({ now }) => sql<SqlBool>`expires_at <= ${now * 1000}` },
  ],
  routes: ({ ctx }) => {
    const authenticate = route(serverWalletKeysApi.walletsAuthenticate, {
      auth: 'server',
      body: userKeyBody,
      handler: async (c, body) => c.json(await issueUserKey(ctx, c.get('app'), body)),
    });
    return [
      authenticate,
      route(serverWalletKeysApi.userSignersAuthenticate, {
        auth: 'server',
        body: userKeyBody,
        handler: async (c, body) => c.json(await issueUserKey(ctx, c.get('app'), body)),
      }),
      route(serverWalletKeysApi.walletExport, {
        auth: 'server',
        body: exportBody,
        handler: async (c, body) => {
          const appId = c.get('app').id;
          const wallet = await gatedWallet(ctx, appId, c.req.param('wallet_id') ?? '');
          // Export is the owner's alone (REFERENCES §1.6): additional signers are not asked (they may
          // sign RPCs, not take the key); a wallet without an owner is the app's, its secret suffices.
          await authorizeRequest(ctx, c, {
            appId,
            ownerId: wallet.owner_id,
            policyIds: JSON.parse(wallet.policy_ids) as string[],
            signers: [],
          });
          return c.json(await exportWalletKey(ctx, wallet, body));
        },
      }),
      route(serverWalletKeysApi.walletImportInit, {
        auth: 'server',
        body: importInitBody,
        handler: async (c, body) => c.json(await initImport(ctx, c.get('app').id, body)),
      }),
      route(serverWalletKeysApi.walletImportSubmit, {
        auth: 'server',
        body: importSubmitBody,
        handler: async (c, body) => c.json(walletView(await submitImport(ctx, c.get('app').id, body))),
      }),
    ];
  },
  fixtures: {
    ...Object.fromEntries(
      [serverWalletKeysApi.walletsAuthenticate, serverWalletKeysApi.userSignersAuthenticate].map((r) => [
        `POST ${r.path}`,
        {
          // No user token in the fixture environment: a well-formed body with a token that is not one.
          body: () => ({
            user_jwt: 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln',
            encryption_type: 'HPKE',
            recipient_public_key: fixtureRecipientKey,
          }),
          valid: invalidToken,
          required: ['user_jwt', 'encryption_type', 'recipient_public_key'],
          strings: {
            user_jwt: boundedOr(invalidToken),
            encryption_type: always(invalidData),
            recipient_public_key: always(invalidData),
          },
        },
      ]),
    ),
    [`POST ${serverWalletKeysApi.walletExport.path}`]: {
      path: () => '/api/v1/wallets/nosuchwallet000000000000000/export',
      body: () => ({ encryption_type: 'HPKE', recipient_public_key: fixtureRecipientKey }),
      valid: notFound,
      required: ['encryption_type', 'recipient_public_key'],
      strings: {
        encryption_type: always(invalidData),
        recipient_public_key: boundedOr(notFound),
        export_type: always(invalidData),
      },
    },
    [`POST ${serverWalletKeysApi.walletImportInit.path}`]: {
      body: () => ({
        chain_type: 'ethereum',
        address: '0x52908400098527886E0F7030069857D2E4169EE7',
        entropy_type: 'private-key',
        encryption_type: 'HPKE',
      }),
      valid: ok,
      required: ['chain_type', 'address', 'entropy_type', 'encryption_type'],
      strings: {
        chain_type: always(invalidData),
        address: always(invalidData),
        entropy_type: always(invalidData),
        encryption_type: always(invalidData),
      },
    },
    [`POST ${serverWalletKeysApi.walletImportSubmit.path}`]: {
      body: () => ({
        wallet: {
          chain_type: 'ethereum',
          address: '0x52908400098527886E0F7030069857D2E4169EE7',
          entropy_type: 'private-key',
          encryption_type: 'HPKE',
          ciphertext: Buffer.alloc(48, 1).toString('base64'),
          encapsulated_key: Buffer.alloc(65, 4).toString('base64'),
        },
      }),
      // No init for this address's key sealed here: nothing opens.
      valid: invalidData,
      required: ['wallet'],
    },
  },
};
