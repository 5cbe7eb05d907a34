/** The id of the JSON element the server renders into the frame pages. */
export const configElementId = 'latchkey-frame-config';

/** What the server tells the frame about the app it serves (rendered into the page, never from the host). */
export interface FrameConfig {
  appId: string;
  /** The Latchkey server's origin: the frame API lives there, and so does the frame. */
  apiUrl: string;
  /** The app's `allowed_domains`; empty means any origin, as the API treats it. */
  allowedOrigins: string[];
  /** The server's current DPoP nonce when the page was served (the hidden frame's), for its first proof. */
  dpopNonce?: string | undefined;
}

/** Reads the page's config element; throws when it is missing or malformed (a broken page must not start). */
export function readFrameConfig(doc: Document): FrameConfig {
  const text = doc.getElementById(configElementId)?.textContent;
  if (!text) throw new Error(`The frame page has no #${configElementId} element`);
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) throw new Error('The frame config is not an object');
  const { appId, apiUrl, allowedOrigins, dpopNonce } = value as Record<string, unknown>;
  if (
    typeof appId !== 'string' ||
    !appId ||
    typeof apiUrl !== 'string' ||
    !apiUrl ||
    !Array.isArray(allowedOrigins) ||
    !allowedOrigins.every((origin) => typeof origin === 'string')
  ) {
    throw new Error('The frame config needs appId, apiUrl and allowedOrigins');
  }
  return { appId, apiUrl, allowedOrigins, ...(typeof dpopNonce === 'string' ? { dpopNonce } : {}) };
}

/**
 * True when a message from `origin` may be answered: exact match with an allowed origin, or a
 * `scheme://*.host` wildcard — the same rule the server applies to the app's `allowed_domains`.
 */
export function isAllowedOrigin(allowedOrigins: readonly string[], origin: string): boolean {
  if (allowedOrigins.length === 0) return true;
  return allowedOrigins.some((allowed) => {
    if (allowed === origin) return true;
    const wildcard = /^([a-z-]+:\/\/)\*\.(.+)$/i.exec(allowed);
    if (!wildcard) return false;
    const [, scheme, rest] = wildcard;
    return origin.startsWith(scheme!) && origin.slice(scheme!.length).endsWith(`.${rest}`);
  });
}
