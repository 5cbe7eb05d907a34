import type { AppRecord } from '../app-config/app-record.ts';

/** Per-request values set by middleware. */
export interface AppEnv {
  Variables: {
    app: AppRecord;
    /** The authenticated user, set by `requireUser`. */
    auth: {
      userId: string;
      sessionId: string;
      authTime: number;
      /** When the request's access token expires (Unix seconds): a session event stream ends then. */
      tokenExpiresAt: number;
    };
    /** True when the caller proved the app secret (server-to-server, WIRE.md §7.1). */
    serverCaller: boolean;
    /** This request's id (observability/request-log.ts): in its log lines and its `x-request-id` answer. */
    requestId: string;
  };
}
