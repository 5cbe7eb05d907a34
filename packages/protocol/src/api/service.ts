import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * The server's routes outside `/api/v1` that are not the admin API: its health, metrics and
 * reference, the wallet frame's pages and scripts, and the dashboard. None takes a body; the pages
 * and scripts answer HTML or JavaScript (their response type is the text).
 */

export type ReadyResponse = { status: 'ready' } | { status: 'not_ready'; reason: string; detail?: string };

const serviceTable = {
  root: { method: 'GET', path: '/' },
  health: { method: 'GET', path: '/health' },
  ready: { method: 'GET', path: '/ready' },
  metrics: { method: 'GET', path: '/metrics' },
  openApi: { method: 'GET', path: '/openapi.json' },
} as const;

/**
 * Liveness (`/`, `/health`), readiness (`/ready`: 503 until the database answers and its migrations
 * are current), Prometheus metrics (only when enabled), and the OpenAPI 3.1 document.
 */
export const serviceApi: TypedRoutes<
  typeof serviceTable,
  {
    root: {
      request: undefined;
      /** `dashboard`: the dashboard's address (a browser asking for HTML gets a page linking to it). */
      response: { name: string; status: 'ok'; dashboard: string };
    };
    health: { request: undefined; response: { status: 'ok' } };
    ready: { request: undefined; response: ReadyResponse };
    metrics: { request: undefined; response: string };
    openApi: { request: undefined; response: Record<string, unknown> };
  }
> = serviceTable;

const walletFramePageTable = {
  walletFrame: { method: 'GET', path: '/apps/:app_id/embedded-wallets' },
  walletFrameExport: { method: 'GET', path: '/apps/:app_id/embedded-wallets/export' },
  walletFrameScript: { method: 'GET', path: '/embedded-wallets/frame.js' },
  walletFrameExportScript: { method: 'GET', path: '/embedded-wallets/export.js' },
} as const;

/** The wallet frame's pages and scripts (WIRE.md §6), served on the server's own origin. */
export const walletFramePageApi: TypedRoutes<
  typeof walletFramePageTable,
  {
    walletFrame: { request: undefined; response: string };
    walletFrameExport: { request: undefined; response: string };
    walletFrameScript: { request: undefined; response: string };
    walletFrameExportScript: { request: undefined; response: string };
  }
> = walletFramePageTable;

const dashboardTable = {
  dashboard: { method: 'GET', path: '/dashboard' },
  dashboardFiles: { method: 'GET', path: '/dashboard/*' },
} as const;

/** The developer dashboard (apps/dashboard): `/dashboard` redirects to its page, the rest are its files. */
export const dashboardPageApi: TypedRoutes<
  typeof dashboardTable,
  {
    dashboard: { request: undefined; response: never };
    dashboardFiles: { request: undefined; response: string };
  }
> = dashboardTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const serviceReference: ReferenceArea = {
  name: 'Health',
  description: 'Liveness, readiness, metrics and this document.',
  tables: [[serviceApi, 'public', { metrics: 'metrics' }]],
};

/** The API reference's area of these routes (OpenAPI tag). */
export const walletFramePageReference: ReferenceArea = {
  name: 'Wallet frame pages',
  description: "The wallet frame's pages and scripts (HTML, JavaScript).",
  tables: [[walletFramePageApi, 'public']],
};

/** The API reference's area of these routes (OpenAPI tag). */
export const dashboardPageReference: ReferenceArea = {
  name: 'Dashboard',
  description: 'The developer dashboard (HTML, scripts, styles), talking only to the admin API.',
  tables: [[dashboardPageApi, 'public']],
};
