import { type MfaMethod, mfaMethods, type User } from '@latchkey/protocol';

/** The factors the user verifies with, first enrolled first (spec document 1 §4: it is preselected). */
export function userMfaMethods(user: User | null | undefined): MfaMethod[] {
  const enrolled = [...(user?.mfa_methods ?? [])].sort((a, b) => a.verified_at - b.verified_at);
  const methods: MfaMethod[] = [];
  for (const { type } of enrolled)
    if ((mfaMethods as readonly string[]).includes(type) && !methods.includes(type as MfaMethod))
      methods.push(type as MfaMethod);
  return methods;
}
