import { describe, expect, it } from 'vitest';
import type { AppRecord } from '../app-config/app-record.ts';
import { isAllowedOrigin } from './origin.ts';

const appWith = (allowed_domains: string[]) =>
  ({ id: 'a'.repeat(25), config: { allowed_domains } }) as AppRecord;

describe('isAllowedOrigin', () => {
  it('answers the same origin the same way every time, exact and wildcard', () => {
    const app = appWith(['https://app.example', 'https://*.example.org']);
    for (let i = 0; i < 3; i++) {
      expect(isAllowedOrigin(app, 'https://app.example')).toBe(true);
      expect(isAllowedOrigin(app, 'https://a.b.example.org')).toBe(true);
      expect(isAllowedOrigin(app, 'https://example.org')).toBe(false);
      expect(isAllowedOrigin(app, 'https://app.example/')).toBe(false);
      expect(isAllowedOrigin(app, 'https://evil.test')).toBe(false);
    }
  });

  it('follows a change of the domains at once: an answer belongs to the list it was given for', () => {
    const app = appWith(['https://old.example']);
    expect(isAllowedOrigin(app, 'https://old.example')).toBe(true);
    expect(isAllowedOrigin(app, 'https://new.example')).toBe(false);
    // What the app cache holds after an update: the same app, its domains a new list.
    app.config = { ...app.config, allowed_domains: ['https://new.example'] };
    expect(isAllowedOrigin(app, 'https://old.example')).toBe(false);
    expect(isAllowedOrigin(app, 'https://new.example')).toBe(true);
    // Another app with the same origin asked has its own answer.
    expect(isAllowedOrigin(appWith(['https://other.example']), 'https://new.example')).toBe(false);
  });

  it('still answers correctly past the origins it remembers', () => {
    const app = appWith(['https://*.example']);
    for (let i = 0; i < 500; i++) {
      expect(isAllowedOrigin(app, `https://made-up-${i}.test`)).toBe(false);
      expect(isAllowedOrigin(app, `https://s${i}.example`)).toBe(true);
    }
  });
});
