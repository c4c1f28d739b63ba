import type { Theme } from "../bridge";
import type { SettingsActions } from "./useSettings";

const themes: { value: Theme; label: string; hint: string }[] = [
  { value: "system", label: "System", hint: "follows your desktop's light or dark setting" },
  { value: "light", label: "Light", hint: "" },
  { value: "dark", label: "Dark", hint: "" },
];

/** AppearanceSection chooses the theme; it applies at once and at every start. */
export function AppearanceSection({ theme, actions }: { theme: Theme; actions: Pick<SettingsActions, "setTheme"> }) {
  return (
    <fieldset className="settings-fields theme-choice">
      <legend>Theme</legend>
      {themes.map((t) => (
        <label key={t.value} className="radio-card">
          <input type="radio" name="theme" value={t.value} checked={theme === t.value} onChange={() => void actions.setTheme(t.value)} />
          <span className={`theme-swatch swatch-${t.value}`} aria-hidden="true" />
          <span>
            {t.label}
            {t.hint && <span className="hint"> — {t.hint}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
