/**
 * `@latchkey/react/preview`: the login modal's landing screen for an app's config, drawn in the page
 * (a dashboard's appearance preview). A subpath of its own, so an app that never imports it carries
 * none of it; import it lazily where it shows.
 */
import { LoginModalPreview } from './preview/LoginModalPreview.tsx';

export type { LoginModalPreviewProps } from './preview/LoginModalPreview.tsx';
export { LoginModalPreview };
/** For `lazy(() => import('@latchkey/react/preview'))`. */
export default LoginModalPreview;
