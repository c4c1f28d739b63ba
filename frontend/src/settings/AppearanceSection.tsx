import { useState } from "react";
import type { Theme } from "../bridge";
import type { SettingsActions } from "./useSettings";

const themes: { value: Theme; label: string; hint: string }[] = [
  { value: "system", label: "System", hint: "follows your desktop's light or dark setting" },
  { value: "light", label: "Light", hint: "" },
  { value: "dark", label: "Dark", hint: "" },
];

/** AppearanceSection chooses the theme; it applies at once and at every start. */
export function AppearanceSection({ theme, actions }: { theme: Theme; actions: Pick<SettingsActions, "setTheme"> }) {
  // The choice shows at once (the theme is already painted); the saved one replaces it when it arrives.
  const [choice, setChoice] = useState(theme);
  const [saved, setSaved] = useState(theme);
  if (saved !== theme) {
    setSaved(theme);
    setChoice(theme);
  }
  return (
    <fieldset className="settings-fields theme-choice">
      <legend>Theme</legend>
      {themes.map((t) => (
        <label key={t.value} className="radio-card">
          <input type="radio" name="theme" value={t.value} checked={choice === t.value}
            onChange={() => {
              setChoice(t.value);
              void actions.setTheme(t.value);
            }}
          />
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
