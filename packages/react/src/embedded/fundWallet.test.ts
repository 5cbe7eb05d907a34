import type { LatchkeyClient, ModalIntent } from '@latchkey/core';
import { fundingMessages } from '@latchkey/core/funding';
import type { AppResponse } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import type { LatchkeyConfig } from '../types.ts';
import { openFundWallet } from './fundWallet.ts';

/**
 * `fundWallet` of an app that does not fund wallets (issue 29, spec document 2 §5, §8): the request's
 * check refuses it with 'Wallet funding is not enabled' before any screen, so no modal opens. The
 * real check and request builders of core, as `useFundWallet` / `useSolanaFundWallet` call them; the
 * browser adds nothing here (no screen shows), so this path has no e2e test.
 */

const evmAddress = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const solanaAddress = 'DRpbCBMxVnDK7maPM5tGv6MvB3v1sRMC86PZ8okm21hy';
const local = { id: 31337, name: 'Local', rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } };

function harness(fundingConfig: Partial<NonNullable<AppResponse['funding_config']>> | null) {
  const appConfig = {
    funding_config: fundingConfig && {
      methods: [],
      options: [],
      default_recommended_amount: '0.01',
      default_recommended_currency: { chain: 'eip155:31337' },
      prompt_funding_on_wallet_creation: false,
      cross_chain_bridging_enabled: false,
      ...fundingConfig,
    },
  } as unknown as AppResponse;
  const client = {
    appId: 'app',
    getState: () => ({ ready: true, authenticated: true, user: null, appConfig }),
  } as unknown as LatchkeyClient;
  const config: LatchkeyConfig = { supportedChains: [local] };
  const opened: ModalIntent[] = [];
  const fund = (chainType: 'ethereum' | 'solana') =>
    openFundWallet(
      client,
      config,
      (intent) => {
        opened.push(intent);
      },
      (m, ctx) =>
        chainType === 'ethereum'
          ? m.evmFundingTask(ctx, evmAddress)
          : m.solanaFundingTask(ctx, solanaAddress, { cluster: { name: 'devnet' } }),
    );
  return { fund, opened };
}

describe('fundWallet when the app does not fund wallets', () => {
  it.each([
    { name: 'no funding config', config: null },
    { name: 'no method and no option', config: {} },
  ])('$name: both hooks reject with the spec message, and no modal opens', async ({ config }) => {
    const { fund, opened } = harness(config);
    for (const chainType of ['ethereum', 'solana'] as const) {
      await expect(fund(chainType)).rejects.toMatchObject({
        code: 'invalid_funding_request',
        message: fundingMessages.notEnabled,
      });
    }
    expect(opened).toEqual([]);
  });

  it('opens the Fund wallet modal once a method is on (the same call, funding configured)', async () => {
    const { fund, opened } = harness({ methods: ['moonpay'] });
    void fund('ethereum');
    await expect.poll(() => opened).toEqual(['fund-wallet']);
  });
});
