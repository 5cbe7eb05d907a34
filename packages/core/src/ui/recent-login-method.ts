import type { LoginMethod } from '@latchkey/protocol';

/** Per-app key of the last method that logged a user in on this device. */
export const recentLoginMethodKey = (appId: string) => `latchkey:recent-login-method:${appId}`;

/** The last method that logged in on this device, or null (also when storage is blocked). */
export function readRecentLoginMethod(appId: string): LoginMethod | null {
  try {
    return (globalThis.localStorage?.getItem(recentLoginMethodKey(appId)) as LoginMethod | null) ?? null;
  } catch {
    return null;
  }
}

export function saveRecentLoginMethod(appId: string, method: LoginMethod): void {
  try {
    globalThis.localStorage?.setItem(recentLoginMethodKey(appId), method);
  } catch {
    // A blocked storage only loses the 'Recent' chip.
  }
}
