import { useState } from "react";

interface Props {
  id: string;
  /** the saved model, "" for the default */
  value: string;
  /** the provider's live model list; empty when it could not be listed */
  models: string[];
  /** what "" means here ("provider default", "same as the model") */
  defaultLabel: string;
  onChange: (model: string) => void;
  describedBy?: string;
}

const OTHER = "\u0000other";

/**
 * ModelSelect picks a model from the provider's live list (a plain select,
 * so keyboard and screen readers work as everywhere), with "Other model…"
 * for a name the list does not carry; with no list it is a text field saved
 * on Enter or when it loses focus.
 */
export function ModelSelect({ id, value, models, defaultLabel, onChange, describedBy }: Props) {
  const listed = value === "" || models.includes(value);
  // "Other model…" chosen: type a name the list does not carry.
  const [other, setOther] = useState(false);
  const [draft, setDraft] = useState(value);
  const [saved, setSaved] = useState(value);
  if (saved !== value) {
    setSaved(value);
    setDraft(value);
  }

  if (other || !listed || models.length === 0) {
    const commit = () => draft.trim() !== value && onChange(draft.trim());
    return (
      <span className="model-select">
        <input
          id={id}
          value={draft}
          placeholder={models.length ? `one of ${models.length} models, or any name` : defaultLabel}
          aria-describedby={describedBy}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === "Enter" && commit()}
        />
        {models.length > 0 && listed && (
          <button type="button" className="link" onClick={() => setOther(false)}>
            Pick from the list
          </button>
        )}
      </span>
    );
  }
  return (
    <select
      id={id}
      className="model-select"
      value={value}
      aria-describedby={describedBy}
      onChange={(e) => (e.target.value === OTHER ? setOther(true) : onChange(e.target.value))}
    >
      <option value="">{defaultLabel}</option>
      {models.map((m) => (
        <option key={m} value={m}>
          {m}
        </option>
      ))}
      <option value={OTHER}>Other model…</option>
    </select>
  );
}
