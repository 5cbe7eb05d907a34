import { useContext } from 'react';
import { ModalPreview } from '../../components/ModalPreview.tsx';
import { Check, FormContext, Select, Text } from '../../form.tsx';

function themeOptions(current: unknown): string[] {
  const options = ['light', 'dark'];
  if (typeof current === 'string' && !options.includes(current)) options.push(current);
  return options;
}

/** Name, theme, colour and images, beside a live preview of the login modal. */
export function AppearanceSection() {
  const { draft } = useContext(FormContext)!;
  return (
    <section className="card appearance">
      <div className="appearance-grid">
        <div>
          <Text path="name" label="App name" />
          <Select path="theme" label="Theme" options={themeOptions(draft.theme)} />
          <div className="accent">
            <Text path="accent_color" label="Accent colour" nullable placeholder="#676FFF" />
            <AccentPicker />
          </div>
          <Text path="logo_url" label="Logo URL" nullable placeholder="https://…" />
          <Text path="icon_url" label="Icon URL" nullable placeholder="https://…" />
          <Check path="show_wallet_login_first" label="Show wallet login first" />
        </div>
        <ModalPreview draft={draft} />
      </div>
    </section>
  );
}

/** The accent colour's picker, kept in step with its hex text. */
function AccentPicker() {
  const form = useContext(FormContext)!;
  const value =
    typeof form.draft.accent_color === 'string' && /^#[0-9a-f]{6}$/i.test(form.draft.accent_color)
      ? form.draft.accent_color
      : '#5b4fe9';
  return (
    <input
      type="color"
      aria-label="Pick the accent colour"
      name="accent_color_picker"
      value={value.toLowerCase()}
      onChange={(e) => form.set('accent_color', e.target.value)}
    />
  );
}
