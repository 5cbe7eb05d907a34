import {
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEventType,
  webhookEventTypes,
} from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { settingsFromEnv } from '../settings.ts';
import { listDeliveries, resendDelivery } from '../webhooks/deliveries.ts';
import {
  createEndpoint,
  deleteEndpoint,
  type EndpointInput,
  listEndpoints,
  loadEndpoint,
  rotateEndpointSecret,
  updateEndpoint,
} from '../webhooks/endpoints.ts';
import { checkEndpointUrl } from '../webhooks/webhook-url.ts';
import { CliError, defineCommand, defineGroup } from './command.ts';
import { fields, secretLines, table, time } from './output.ts';
import { requireApp, withStorage } from './storage.ts';

const webhookDeliveryStatuses: readonly WebhookDeliveryStatus[] = ['pending', 'delivered', 'failed'];

/** The flags `webhooks create` and `webhooks update` share, checked the same way in both. */
const endpointOptions = {
  url: { type: 'string' },
  event: { type: 'string', multiple: true, default: [] as string[] },
  'all-events': { type: 'boolean', default: false },
  enable: { type: 'boolean', default: false },
  disable: { type: 'boolean', default: false },
} as const;

const endpointHelp = [
  'Options:',
  '  --url URL          where deliveries are POSTed: https (http only in development or with',
  '                     LATCHKEY_WEBHOOK_ALLOW_HTTP), no credentials, no private address unless allowed',
  '  --event TYPE       an event type to send (repeat); without it, every type. Types:',
  `                     ${webhookEventTypes.join(', ')}`,
  '  --all-events       send every event type (update: clears the --event list)',
  '  --enable, --disable  turn deliveries on or off',
].join('\n');

/** The endpoint fields the flags give, validated before any storage is opened. */
function endpointInput(values: {
  url?: string | undefined;
  event: string[];
  'all-events': boolean;
  enable: boolean;
  disable: boolean;
}): Partial<EndpointInput> {
  const input: Partial<EndpointInput> = {};
  if (values.url !== undefined) {
    try {
      input.url = checkEndpointUrl(values.url, settingsFromEnv(process.env));
    } catch (error) {
      throw new CliError(`--url "${values.url}": ${(error as Error).message}`);
    }
  }
  for (const type of values.event)
    if (!webhookEventTypes.includes(type as WebhookEventType))
      throw new CliError(`Unknown event type "${type}" (one of ${webhookEventTypes.join(', ')})`);
  if (values.event.length && values['all-events'])
    throw new CliError('--event and --all-events exclude each other', 2);
  if (values.event.length) input.event_types = values.event as WebhookEventType[];
  if (values['all-events']) input.event_types = null;
  if (values.enable && values.disable) throw new CliError('--enable and --disable exclude each other', 2);
  if (values.enable || values.disable) input.enabled = values.enable;
  return input;
}

/** The endpoint, or "no webhook endpoint <id> in app <app>" (exit 1). */
async function requireEndpoint(ctx: ServerContext, appId: string, id: string) {
  await requireApp(ctx, appId);
  try {
    return await loadEndpoint(ctx, appId, id);
  } catch {
    throw new CliError(
      `no webhook endpoint ${id} in app ${appId} (latchkey webhooks list ${appId} shows them)`,
    );
  }
}

const endpointFields = (e: WebhookEndpoint) =>
  fields([
    ['id', e.id],
    ['url', e.url],
    ['events', e.event_types ?? 'all'],
    ['enabled', e.enabled],
    ['created', time(e.created_at)],
  ]);

const create = defineCommand({
  name: 'webhooks create',
  args: ['APP_ID'],
  synopsis: '--url URL [--event TYPE ...] [--disable]',
  summary: 'Adds a webhook endpoint and prints its signing secret (shown only this once).',
  details: endpointHelp,
  options: endpointOptions,
  async run(values, [appId]) {
    if (values.url === undefined) throw new CliError('webhooks create needs --url URL', 2);
    const input = endpointInput(values);
    return withStorage(values['data-dir'], async (ctx) => {
      await requireApp(ctx, appId!);
      const endpoint = await createEndpoint(ctx, appId!, { ...input, url: input.url! });
      return {
        json: endpoint,
        human: `Created webhook endpoint\n${endpointFields(endpoint)}\n${secretLines('Signing secret', endpoint.secret)}`,
      };
    });
  },
});

const update = defineCommand({
  name: 'webhooks update',
  args: ['APP_ID', 'WEBHOOK_ID'],
  synopsis: '[--url URL] [--event TYPE ... | --all-events] [--enable | --disable]',
  summary: "Changes an endpoint's URL, event types or state (checked as create checks them).",
  details: endpointHelp,
  options: endpointOptions,
  async run(values, [appId, webhookId]) {
    const input = endpointInput(values);
    if (Object.keys(input).length === 0)
      throw new CliError('webhooks update needs --url, --event, --all-events, --enable or --disable', 2);
    return withStorage(values['data-dir'], async (ctx) => {
      const row = await requireEndpoint(ctx, appId!, webhookId!);
      const endpoint = await updateEndpoint(ctx, appId!, row.id, input);
      return { json: endpoint, human: `Updated webhook endpoint\n${endpointFields(endpoint)}` };
    });
  },
});

const list = defineCommand({
  name: 'webhooks list',
  args: ['APP_ID'],
  summary: "Lists an app's webhook endpoints (never their secrets).",
  options: {},
  async run(values, [appId]) {
    return withStorage(values['data-dir'], async (ctx) => {
      await requireApp(ctx, appId!);
      const endpoints = await listEndpoints(ctx, appId!);
      const rows = endpoints.map((e) => ({ ...e, events: e.event_types ?? 'all' }));
      return { json: endpoints, human: table(rows, ['id', 'enabled', 'url', 'events'], '(no endpoints)') };
    });
  },
});

const remove = defineCommand({
  name: 'webhooks delete',
  args: ['APP_ID', 'WEBHOOK_ID'],
  summary: 'Deletes an endpoint with its pending deliveries and their log.',
  options: {},
  async run(values, [appId, webhookId]) {
    return withStorage(values['data-dir'], async (ctx) => {
      const row = await requireEndpoint(ctx, appId!, webhookId!);
      await deleteEndpoint(ctx, appId!, row.id);
      return { json: { id: row.id, deleted: true }, human: `Deleted webhook endpoint ${row.id}` };
    });
  },
});

const rotate = defineCommand({
  name: 'webhooks rotate-secret',
  args: ['APP_ID', 'WEBHOOK_ID'],
  summary: 'Gives an endpoint a new signing secret (shown only this once); later deliveries use it.',
  options: {},
  async run(values, [appId, webhookId]) {
    return withStorage(values['data-dir'], async (ctx) => {
      const row = await requireEndpoint(ctx, appId!, webhookId!);
      const endpoint = await rotateEndpointSecret(ctx, appId!, row.id);
      return {
        json: endpoint,
        human: `Rotated the secret of ${endpoint.id}\n${secretLines('Signing secret', endpoint.secret)}`,
      };
    });
  },
});

const deliveries = defineCommand({
  name: 'webhooks deliveries',
  args: ['APP_ID', 'WEBHOOK_ID'],
  synopsis: '[--status pending|delivered|failed] [--limit N]',
  summary: 'The delivery log of an endpoint, newest first (--json adds each try).',
  details: [
    'Options:',
    `  --status S   only deliveries in this state (${webhookDeliveryStatuses.join(', ')})`,
    '  --limit N    at most N deliveries, 1-100 (50)',
  ].join('\n'),
  options: { status: { type: 'string' }, limit: { type: 'string' } },
  async run(values, [appId, webhookId]) {
    if (
      values.status !== undefined &&
      !webhookDeliveryStatuses.includes(values.status as WebhookDeliveryStatus)
    )
      throw new CliError(
        `Invalid --status "${values.status}" (one of ${webhookDeliveryStatuses.join(', ')})`,
      );
    if (values.limit !== undefined && !/^(100|[1-9][0-9]?)$/.test(values.limit))
      throw new CliError(`Invalid --limit "${values.limit}" (a number from 1 to 100)`);
    return withStorage(values['data-dir'], async (ctx) => {
      const row = await requireEndpoint(ctx, appId!, webhookId!);
      const log = await listDeliveries(ctx, row.id, { status: values.status, limit: values.limit });
      const rows = log.map((d) => ({
        ...d,
        created: time(d.created_at),
        last: d.log.at(-1)?.status_code ?? d.log.at(-1)?.error ?? '-',
      }));
      return {
        json: log,
        human: table(rows, ['id', 'event_type', 'status', 'attempts', 'last', 'created'], '(no deliveries)'),
      };
    });
  },
});

const resend = defineCommand({
  name: 'webhooks resend',
  args: ['APP_ID', 'WEBHOOK_ID', 'DELIVERY_ID'],
  summary: 'Makes a delivery due again now (a dead letter, or one the receiver lost).',
  options: {},
  async run(values, [appId, webhookId, deliveryId]) {
    return withStorage(values['data-dir'], async (ctx) => {
      const row = await requireEndpoint(ctx, appId!, webhookId!);
      try {
        await resendDelivery(ctx, row.id, deliveryId!);
      } catch {
        throw new CliError(`no delivery ${deliveryId} for webhook endpoint ${row.id}`);
      }
      return {
        json: { id: deliveryId, status: 'pending' },
        human: `Delivery ${deliveryId} is due again; a running server delivers it.`,
      };
    });
  },
});

export const webhooksCommand = defineGroup(
  'webhooks',
  'Manages webhook endpoints and their delivery log (a running serve delivers).',
  [create, list, update, remove, rotate, deliveries, resend],
);
