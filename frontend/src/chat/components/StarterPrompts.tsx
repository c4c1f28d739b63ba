import { useEffect, useRef, useState } from "react";
import { shellBackend, type ShellBackend } from "../../bridge/shell";
import { loadStarters, type LoadStarters, type StarterPrompt } from "../../bridge/starters";

interface Props {
  onSend: (prompt: string) => void;
  load?: LoadStarters;
  /** index status events (the bound "index" event by default) */
  onIndex?: ShellBackend["onIndex"];
}

/**
 * StarterPrompts offers first prompts drawn from the folder; one click sends
 * one. Some need the index, so they load again when the index becomes ready.
 */
export function StarterPrompts({ onSend, load = loadStarters, onIndex = shellBackend.onIndex }: Props) {
  const [starters, setStarters] = useState<StarterPrompt[]>([]);
  const [loads, setLoads] = useState(0);
  const lastState = useRef("");
  useEffect(
    () =>
      onIndex((s) => {
        if (s.state === "ready" && lastState.current !== "ready") setLoads((n) => n + 1);
        lastState.current = s.state;
      }),
    [onIndex],
  );
  useEffect(() => {
    let live = true;
    load()
      .then((s) => live && setStarters(s))
      .catch(() => undefined); // suggestions are optional: the composer still works
    return () => {
      live = false;
    };
  }, [load, loads]);
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
