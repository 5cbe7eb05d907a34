import { en } from '../copy/en.ts';

/** Shown until the client is ready (app config loaded, session restored). */
export function LoadingScreen({ titleId }: { titleId: string }) {
  return (
    <section className="lk-screen" data-testid="lk-screen-loading" aria-busy="true">
      <div className="lk-center">
        <div className="lk-spinner" aria-hidden="true" />
        <h2 id={titleId} tabIndex={-1} className="lk-muted">
          {en.loading}
        </h2>
      </div>
    </section>
  );
}
