import type { SecretSettingView } from '../../api.ts';
import { SecretSetting } from '../../form.tsx';

/** The features' sealed settings (a bot token, …): set, replace or clear; never shown. */
export function SecretsSection({ secrets }: { secrets: readonly SecretSettingView[] }) {
  return (
    <section className="card">
      <p className="muted">Sealed on the server; shown only as set. Type a value to set or replace one.</p>
      {secrets.map(({ field, label, set }) => (
        <SecretSetting key={field} path={field} label={label} wasSet={set} />
      ))}
    </section>
  );
}
