import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { AdminApiError, type AdminApp, api, appPath } from '../../api.ts';
import { type Draft, FormContext, setIn } from '../../form.tsx';
import { href } from '../../route.ts';
import { buildPatch, draftOf, pickFields, resetFields } from './patch.ts';
import { SectionFields } from './SectionFields.tsx';
import { findSection, sectionsFor } from './sections.ts';

/**
 * The app's settings, one page per section (sections.ts) under a sub-navigation. One draft spans
 * the sections, so moving between them keeps what was typed; each section's Save sends only its
 * own fields (one PATCH), and the sub-navigation marks the sections with unsaved changes.
 */
export function SettingsPage({
  app,
  sectionId,
  onSaved,
}: {
  app: AdminApp;
  sectionId: string;
  onSaved(): Promise<void>;
}) {
  // The app as last saved: the PATCH's answer at once, the reloaded list's when it comes, so the
  // draft and what it is compared with change together (no moment of false 'unsaved').
  const [latest, setLatest] = useState<AdminApp>(app);
  useEffect(() => setLatest(app), [app]);
  const original = useMemo(() => draftOf(latest), [latest]);
  const [draft, setDraft] = useState<Draft>(original);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const featureSecrets = (latest.secret_settings ?? []).map((secret) => secret.field);
  const sections = sectionsFor(featureSecrets);
  const section = findSection(sections, sectionId);
  const form = useMemo(
    () => ({
      draft,
      errors,
      set: (path: string, value: unknown) => setDraft((d) => setIn(d, path, value)),
    }),
    [draft, errors],
  );
  const patch = buildPatch(original, draft, featureSecrets);
  const sectionPatch = pickFields(patch, section.fields);
  const dirty = Object.keys(sectionPatch).length > 0;
  const anyDirty = Object.keys(patch).length > 0;

  // A new section starts without the last one's messages.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the section changes
  useEffect(() => {
    setStatus(null);
    setErrors({});
  }, [section.id]);

  // Leaving the page with unsaved changes asks first (moving between sections keeps them).
  useEffect(() => {
    if (!anyDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [anyDirty]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors({});
    setStatus(null);
    try {
      const saved = await api<AdminApp>('PATCH', appPath(app.id), sectionPatch);
      // The saved values (secrets back to 'set'), the other sections' edits kept.
      setLatest(saved);
      setDraft((d) => resetFields(d, draftOf(saved), section.fields));
      setStatus('Saved.');
      await onSaved();
    } catch (e) {
      const error = e as AdminApiError;
      if (error instanceof AdminApiError && error.field) setErrors({ [error.field]: error.message });
      setStatus(error.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="settings-layout">
      <nav className="subnav" aria-label="Settings sections">
        {sections.map((s) => {
          const unsaved = Object.keys(pickFields(patch, s.fields)).length > 0;
          return (
            <a
              key={s.id}
              href={href('apps', app.id, 'settings', s.id)}
              aria-current={s.id === section.id ? 'page' : undefined}
              data-unsaved={unsaved || undefined}
            >
              {s.label}
              {unsaved && (
                <span className="unsaved-dot" title="Unsaved changes">
                  <span className="visually-hidden"> (unsaved changes)</span>
                </span>
              )}
            </a>
          );
        })}
      </nav>
      <FormContext.Provider value={form}>
        <form className="settings" onSubmit={save} data-section={section.id}>
          <div className="save-bar">
            <h2>{section.label}</h2>
            <span className={status && status !== 'Saved.' ? 'error' : 'muted'} role="status">
              {status ?? (dirty ? 'Unsaved changes' : 'No changes')}
            </span>
            <div className="save-actions">
              <button
                type="button"
                className="secondary"
                disabled={!dirty || busy}
                onClick={() => {
                  setDraft((d) => resetFields(d, original, section.fields));
                  setErrors({});
                  setStatus(null);
                }}
              >
                Discard
              </button>
              <button type="submit" disabled={!dirty || busy}>
                {busy ? 'Saving…' : 'Save changes'}
              </button>
            </div>
          </div>
          <SectionFields section={section.id} app={app} />
        </form>
      </FormContext.Provider>
    </div>
  );
}
