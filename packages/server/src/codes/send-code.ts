import { z } from 'zod';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import type { OutgoingMessage } from '../delivery/delivery.ts';
import { ApiError } from '../http/api-error.ts';
import type { CodeChannel } from './code-channel.ts';
import { discardCode, issueCode, isTestIdentifier } from './verification-codes.ts';

export interface SendCodeParameters {
  channel: CodeChannel;
  /** The normalised identifier the code is bound to. */
  identifier: string;
  /** Where the message goes, when not the identifier itself (an MFA code's key names the user too). */
  to?: string;
  /** How the code travels: email, SMS, or WhatsApp when the app enables it. */
  via: OutgoingMessage['channel'];
  ip: string;
}

/**
 * Rate-limits, issues and delivers a code. The app's test account gets no message: its fixed
 * code always works. A delivery failure discards that code so no undeliverable code stays live
 * (codes sent before it stay valid).
 */
export async function sendCode(
  ctx: ServerContext,
  app: AppRecord,
  params: SendCodeParameters,
): Promise<void> {
  await ctx.rateLimits.consume('sendCodeIp', params.ip);
  await ctx.rateLimits.consume('sendCodeIdentifier', `${app.id}:${params.channel}:${params.identifier}`);
  if (isTestIdentifier(app, params.channel, params.identifier)) return;
  const code = await issueCode(ctx, app, params.channel, params.identifier);
  try {
    await ctx.delivery.send(codeMessage(app, params, code));
    ctx.metrics.codeSend(params.via, 'sent');
  } catch (error) {
    ctx.metrics.codeSend(params.via, 'failed');
    await discardCode(ctx, app, params.channel, params.identifier, code);
    if (error instanceof ApiError) throw error;
    ctx.log.error('code delivery failed', {
      app_id: app.id,
      via: params.via,
      error: String((error as Error).message),
    });
    throw new ApiError('internal_error', 'The code could not be sent. Try again later.', { status: 502 });
  }
}

function codeMessage(app: AppRecord, params: SendCodeParameters, code: string): OutgoingMessage {
  const name = app.config.name;
  const to = params.to ?? params.identifier;
  if (params.via === 'email') {
    return {
      appId: app.id,
      channel: 'email',
      to,
      subject: `${code} is your login code for ${name}`,
      text: `Your login code for ${name} is ${code}.\n\nIt expires in 10 minutes. If you did not ask for it, you can ignore this email.`,
    };
  }
  // An MFA code confirms an action of a logged-in user; calling it a login code would mislead.
  const what = params.channel === 'mfa_sms' ? 'verification' : 'login';
  return {
    appId: app.id,
    channel: params.via,
    to,
    text: `${code} is your ${what} code for ${name}. It expires in 10 minutes.`,
  };
}

/**
 * A verification code as typed: whitespace is stripped, then it must be exactly six digits
 * (spec document 1 §5: 'Passcode can only be numbers', 'Passcode must be exactly 6 numbers').
 */
export const codeInput = z
  .string()
  .max(64)
  .transform((value) => value.replace(/\s+/g, ''))
  .refine((value) => /^\d*$/.test(value), 'Passcode can only be numbers')
  .refine((value) => value.length === 6, 'Passcode must be exactly 6 numbers');
