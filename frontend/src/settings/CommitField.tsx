import { useState, type InputHTMLAttributes } from "react";

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange"> & {
  value: string;
  /** called with the typed text on Enter or when the field loses focus, if it changed */
  onCommit: (text: string) => void;
};

/**
 * CommitField is a text or number field saved as made: not on every
 * keystroke, but when the person is done with it (Enter, or leaving it).
 */
export function CommitField({ value, onCommit, ...rest }: Props) {
  const [draft, setDraft] = useState(value);
  // A newly saved value replaces the draft; a refused one leaves it for correcting.
  const [saved, setSaved] = useState(value);
  if (saved !== value) {
    setSaved(value);
    setDraft(value);
  }
  const commit = () => draft !== value && onCommit(draft);
  return (
    <input
      {...rest}
      value={draft}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          commit();
        }
      }}
    />
  );
}
