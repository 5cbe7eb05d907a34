import { parseArgs } from 'node:util';
import { type WebhookEventType, webhookEventTypes } from '@latchkey/protocol';
import { silentLogger } from '../logger.ts';
import { createLatchkey, optionsFromEnv } from '../server.ts';
import { listDeliveries, resendDelivery } from '../webhooks/deliveries.ts';
import { createEndpoint, deleteEndpoint, listEndpoints, loadEndpoint } from '../webhooks/endpoints.ts';
import { commonOptions } from './common-options.ts';

const options = {
  ...commonOptions,
  url: { type: 'string' },
  event: { type: 'string', multiple: true, default: [] as string[] },
  disabled: { type: 'boolean', default: false },
  status: { type: 'string' },
  limit: { type: 'string' },
} as const;

const usage =
  'Usage: latchkey webhooks create APP_ID --url URL [--event TYPE ...] [--disabled] | list APP_ID | ' +
  'delete APP_ID WEBHOOK_ID | deliveries APP_ID WEBHOOK_ID [--status S] [--limit N] | ' +
  'resend APP_ID WEBHOOK_ID DELIVERY_ID';

/**
 * `latchkey webhooks create | list | delete | deliveries | resend`, on the same storage as `serve`
 * (which delivers). `create` prints the endpoint's secret: the only time it is shown.
 */
export async function webhooksCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options, allowPositionals: true });
  const [action, appId, webhookId, deliveryId] = positionals;
  if (!action || !appId) throw new Error(usage);
  for (const type of values.event)
    if (!webhookEventTypes.includes(type as WebhookEventType))
      throw new Error(`Unknown event type "${type}" (one of ${webhookEventTypes.join(', ')})`);
  const latchkey = await createLatchkey({
    ...optionsFromEnv(),
    adminApi: false,
    dataDir: values['data-dir'],
    log: silentLogger,
  });
  const { ctx } = latchkey;
  try {
    if (!(await ctx.apps.load(appId, { fresh: true }))) throw new Error(`No app ${appId}`);
    switch (action) {
      case 'create': {
        if (!values.url) throw new Error('webhooks create needs --url');
        const endpoint = await createEndpoint(ctx, appId, {
          url: values.url,
          event_types: values.event.length ? (values.event as WebhookEventType[]) : null,
          enabled: !values.disabled,
        });
        return print(values.json, endpoint);
      }
      case 'list':
        return print(values.json, await listEndpoints(ctx, appId));
      case 'delete': {
        if (!webhookId) throw new Error(usage);
        await deleteEndpoint(ctx, appId, webhookId);
        return print(values.json, { id: webhookId, deleted: true });
      }
      case 'deliveries': {
        if (!webhookId) throw new Error(usage);
        const endpoint = await loadEndpoint(ctx, appId, webhookId);
        return print(
          values.json,
          await listDeliveries(ctx, endpoint.id, { status: values.status, limit: values.limit }),
        );
      }
      case 'resend': {
        if (!webhookId || !deliveryId) throw new Error(usage);
        const endpoint = await loadEndpoint(ctx, appId, webhookId);
        await resendDelivery(ctx, endpoint.id, deliveryId);
        return print(values.json, { id: deliveryId, status: 'pending' });
      }
      default:
        throw new Error(usage);
    }
  } finally {
    await latchkey.close();
  }
}

function print(json: boolean, value: unknown): number {
  console.log(json ? JSON.stringify(value) : JSON.stringify(value, null, 2));
  return 0;
}
