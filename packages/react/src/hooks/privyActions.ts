/**
 * The bodies of `usePrivy()`'s members that do work (embedded wallets, signing, MFA, unlinking by
 * the incumbent's argument shapes), loaded only when an app calls one of them: `usePrivy.ts`
 * dispatches each by name to this module, so none of it is in an app's first load.
 */
import {
  loadEthereumSigning,
  type SendTransactionModalUIOptions,
  type SigningCallOptions,
  type SignMessageModalUIOptions,
  type SignMessageParameters,
  type SignTypedDataParameters,
  type UnsignedTransactionRequest,
} from '@latchkey/core/signing/calls';
import {
  type MfaMethod,
  requestOptionsFromWire,
  requestOptionsToWire,
  type WebAuthnRequestOptionsJSON,
} from '@latchkey/protocol';
import { type CreateWalletOptions, createEmbeddedWallet } from '../embedded/createWallet.ts';
import { toWallet } from '../embedded/embeddedWalletObjects.ts';
import { openExportWallet } from '../embedded/exportWallet.ts';
import { setEmbeddedWalletPassword } from '../embedded/setWalletPassword.ts';
import type { LatchkeyContextValue } from '../LatchkeyContext.ts';
import { optionsOf } from './clickOptions.ts';
import { loadMfaClient } from './mfaClient.ts';

type Context = LatchkeyContextValue;
type SigningOptions<UI> = SigningCallOptions<UI> & { sponsor?: boolean; fundWalletConfig?: unknown };

/** Each lazy member of `usePrivy()`, with the provider's context first. */
export const privyActions = {
  createWallet: async (ctx: Context, options?: CreateWalletOptions | Event) =>
    toWallet(
      await createEmbeddedWallet(ctx.client, ctx.config, ctx.openModal, 'ethereum', optionsOf(options) ?? {}),
    ),
  setWalletPassword: async (ctx: Context) =>
    toWallet(await setEmbeddedWalletPassword(ctx.client, ctx.openModal)),
  setWalletRecovery: async (ctx: Context) =>
    toWallet(await setEmbeddedWalletPassword(ctx.client, ctx.openModal)),
  signMessage: async (
    ctx: Context,
    input: SignMessageParameters,
    options?: SigningCallOptions<SignMessageModalUIOptions>,
  ) => (await loadEthereumSigning()).signMessage(ctx, input, options),
  signTypedData: async (
    ctx: Context,
    input: SignTypedDataParameters,
    options?: SigningCallOptions<SignMessageModalUIOptions>,
  ) => (await loadEthereumSigning()).signTypedData(ctx, input, options),
  sendTransaction: async (
    ctx: Context,
    input: UnsignedTransactionRequest,
    options: SigningOptions<SendTransactionModalUIOptions> = {},
  ) => {
    const { uiOptions, address } = options;
    const { hash } = await (await loadEthereumSigning()).sendTransaction(ctx, input, { uiOptions, address });
    return { hash };
  },
  signTransaction: async (
    ctx: Context,
    input: UnsignedTransactionRequest,
    options?: SigningCallOptions<SendTransactionModalUIOptions>,
  ) => (await loadEthereumSigning()).signTransaction(ctx, input, options),
  exportWallet: (ctx: Context, options?: { address: string } | Event) =>
    openExportWallet(ctx.client, ctx.openModal, optionsOf(options)),
  initEnrollmentWithSms: async (ctx: Context, meta: { phoneNumber: string }) =>
    (await loadMfaClient(ctx.client)).initEnrollmentWithSms(meta),
  initEnrollmentWithTotp: async (ctx: Context) => (await loadMfaClient(ctx.client)).initEnrollmentWithTotp(),
  // As useMfaEnrollment's: a passkey is enrolled by the credential ids it already has.
  initEnrollmentWithPasskey: async (_ctx: Context) => undefined,
  submitEnrollmentWithSms: async (ctx: Context, meta: { phoneNumber: string; mfaCode: string }) =>
    (await loadMfaClient(ctx.client)).submitEnrollmentWithSms(meta),
  submitEnrollmentWithTotp: async (ctx: Context, meta: { mfaCode: string }) =>
    (await loadMfaClient(ctx.client)).submitEnrollmentWithTotp(meta),
  submitEnrollmentWithPasskey: async (
    ctx: Context,
    input: { credentialIds: string[] },
    options?: { removeForLogin?: boolean },
  ) => (await loadMfaClient(ctx.client)).submitEnrollmentWithPasskey(input, options),
  promptMfa: async (ctx: Context) => (await loadMfaClient(ctx.client)).promptMfa(),
  // A passkey's request options in WebAuthn's JSON form (camelCase), as the incumbent's; the wire's here.
  init: async (ctx: Context, method: MfaMethod) => {
    const options = await (await loadMfaClient(ctx.client)).init(method);
    return options && requestOptionsFromWire(options);
  },
  submit: async (ctx: Context, method: MfaMethod, code: string | WebAuthnRequestOptionsJSON) =>
    (await loadMfaClient(ctx.client)).submit(
      method,
      typeof code === 'string' ? code : requestOptionsToWire(code),
    ),
  cancel: async (ctx: Context) => (await loadMfaClient(ctx.client)).cancel(),
  unenroll: async (ctx: Context, method: MfaMethod, options?: { removeForLogin?: boolean }) =>
    (await loadMfaClient(ctx.client)).unenroll(method, options),
  clear: async (ctx: Context) => (await loadMfaClient(ctx.client)).clear(),
};

export type PrivyActionName = keyof typeof privyActions;
