import type { ServerResponse } from 'node:http';

/** A user at a stand-in provider: its subject and the profile it shows. */
export interface StandInAccount {
  /** The provider's user id (`sub`, GitHub's `id`, X's `data.id`, …). */
  sub: string;
  username?: string;
  name?: string;
  email?: string;
  /** False: the provider reports the address as unverified. */
  emailVerified?: boolean;
  picture?: string;
  /** The provider reports the account as suspended (GitHub, X). */
  suspended?: boolean;
}

/** What the user does at the provider's consent screen. */
export type Decision = { approve: StandInAccount } | { deny: true };

/**
 * The stand-ins' consent screen. A test queues what the next authorizations decide (`approveNextAs`,
 * `denyNext`), and they finish at once; with nothing queued, a page lists the known accounts with
 * an "Approve as …" button each and a "Deny" button, for a browser to click.
 */
export class ApprovalDesk {
  readonly #queue: Decision[] = [];
  readonly #accounts = new Map<string, StandInAccount>();

  /** Adds or replaces an account the page offers. */
  addAccount(account: StandInAccount): StandInAccount {
    this.#accounts.set(account.sub, account);
    return account;
  }

  account(sub: string): StandInAccount | undefined {
    return this.#accounts.get(sub);
  }

  /** The next authorization logs in as `account` (added to the known accounts). */
  approveNextAs(account: StandInAccount): void {
    this.#queue.push({ approve: this.addAccount(account) });
  }

  /** The next authorization is refused by the user (`error=access_denied`). */
  denyNext(): void {
    this.#queue.push({ deny: true });
  }

  /** The queued decision for the next authorization, if any. */
  next(): Decision | undefined {
    return this.#queue.shift();
  }

  /** A decision posted from the page: `approve=<sub>` or `deny`. */
  fromForm(form: URLSearchParams): Decision | undefined {
    if (form.has('deny')) return { deny: true };
    const account = this.#accounts.get(form.get('approve') ?? '');
    return account ? { approve: account } : undefined;
  }

  /** The consent page for one pending authorization, posting to `action`. */
  page(res: ServerResponse, title: string, action: string): void {
    const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
    const buttons = [...this.#accounts.values()]
      .map(
        (a) =>
          `<button name="approve" value="${escapeHtml(a.sub)}" data-testid="lk-standin-approve-${escapeHtml(a.sub)}">Approve as ${escapeHtml(a.name ?? a.username ?? a.email ?? a.sub)}</button>`,
      )
      .join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(
      `<!doctype html><meta charset="utf-8"><title>${escapeHtml(title)}</title><h1>${escapeHtml(title)}</h1>` +
        `<form method="post" action="${escapeHtml(action)}">${buttons}` +
        '<button name="deny" value="1" data-testid="lk-standin-deny">Deny</button></form>',
    );
  }
}
