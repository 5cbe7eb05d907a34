import type { AppResponse } from '@latchkey/protocol';
import { Component, lazy, type ReactNode, Suspense } from 'react';
import type { Draft } from '../form.tsx';

// The modal's own preview (`@latchkey/react/preview`), loaded with the page that shows it.
const LoginModalPreview = lazy(() => import('@latchkey/react/preview'));

/**
 * The login modal's landing screen as the app's users will see it, drawn by the modal's own code
 * (`@latchkey/react/preview`: its shell, landing screen, stylesheet and theming) from the unsaved
 * draft, so every change shows at once. The draft holds the public config's fields under their wire
 * names (`GET /api/v1/apps/:app_id`), beside the server settings the preview does not read.
 */
export function ModalPreview({ draft }: { draft: Draft }) {
  return (
    <figure className="preview-frame" aria-label="Login modal preview">
      <PreviewBoundary draft={draft}>
        <Suspense fallback={null}>
          <LoginModalPreview app={draft as unknown as AppResponse} testId="modal-preview" />
        </Suspense>
      </PreviewBoundary>
    </figure>
  );
}

/**
 * A draft in the middle of an edit may be no valid config (a half-typed list): the preview then says
 * so until the next edit, rather than taking the settings page down with it.
 */
class PreviewBoundary extends Component<
  { draft: Draft; children: ReactNode },
  { failed: boolean; draft: Draft }
> {
  override state = { failed: false, draft: this.props.draft };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  // The next edit tries again.
  static getDerivedStateFromProps(props: { draft: Draft }, state: { failed: boolean; draft: Draft }) {
    return props.draft === state.draft ? null : { failed: false, draft: props.draft };
  }
  override render() {
    return this.state.failed ? <p className="muted">No preview for this draft.</p> : this.props.children;
  }
}
