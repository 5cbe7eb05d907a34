import { AlertIcon, CheckIcon } from '../icons/glyphs.tsx';

/** The round mark above a result screen's title. */
export function StatusIcon({ tone }: { tone: 'error' | 'success' }) {
  return (
    <div className="lk-status-icon" data-tone={tone} aria-hidden="true">
      {tone === 'success' ? <CheckIcon /> : <AlertIcon />}
    </div>
  );
}
