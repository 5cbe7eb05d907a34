import { en } from '../../copy/en.ts';

/** 'Creating your wallet' while the embedded wallets of a new login are made (spec document 1 §2). */
export function EmbeddedCreatingScreen({ titleId }: { titleId: string }) {
  return (
    <section className="lk-screen" data-testid="lk-screen-embedded-creating" aria-busy="true">
      <div className="lk-center" role="status">
        <div className="lk-spinner" aria-hidden="true" />
        <h2 id={titleId} tabIndex={-1}>
          {en.embedded.creatingTitle}
        </h2>
        <p className="lk-muted">{en.embedded.creatingBody}</p>
      </div>
    </section>
  );
}
