import { useEffect, useState } from "react";
import { loadStarters, type LoadStarters, type StarterPrompt } from "../bridge/starters";

/** StarterPrompts offers first prompts drawn from the folder; one click sends one. */
export function StarterPrompts({ onSend, load = loadStarters }: { onSend: (prompt: string) => void; load?: LoadStarters }) {
  const [starters, setStarters] = useState<StarterPrompt[]>([]);
  useEffect(() => {
    let live = true;
    load()
      .then((s) => live && setStarters(s))
      .catch(() => undefined); // suggestions are optional: the composer still works
    return () => {
      live = false;
    };
  }, [load]);
  if (starters.length === 0) return null;
  return (
    <ul className="starter-prompts" aria-label="Suggestions">
      {starters.map((s) => (
        <li key={s.label}>
          <button type="button" title={s.prompt} onClick={() => onSend(s.prompt)}>
            {s.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
