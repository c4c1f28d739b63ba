import { useState } from "react";
import type { NotificationsBackend, NotificationsView } from "../bridge/notifications";

interface Props {
  value: NotificationsView;
  backend: Pick<NotificationsBackend, "set">;
}

const kinds: { key: keyof NotificationsView; label: string }[] = [
  { key: "finished", label: "A conversation finished" },
  { key: "failed", label: "A conversation failed" },
  { key: "needsYou", label: "A conversation needs you (an approval, a question, a plan)" },
  { key: "details", label: "Show details (the command, question or error) in the notification" },
];

/**
 * NotificationsSection: which moments raise a desktop notification while
 * the window is not focused. By default a notification names only the
 * conversation and what happened; details may show commands and paths on a
 * screen others can see, so they are off until turned on.
 */
export function NotificationsSection({ value, backend }: Props) {
  const [v, setV] = useState(value);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const toggle = async (key: keyof NotificationsView, on: boolean) => {
    const next = { ...v, [key]: on };
    setV(next);
    setBusy(true);
    try {
      setV(await backend.set(next));
      setError("");
    } catch (e) {
      setV(v);
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="settings-fields">
      <legend>Notify me when the window is not focused and</legend>
      {kinds.map((k) => (
        <label key={k.key}>
          <input type="checkbox" checked={v[k.key]} disabled={busy} onChange={(e) => void toggle(k.key, e.target.checked)} />
          {k.label}
        </label>
      ))}
      {error && <p role="alert">{error}</p>}
    </fieldset>
  );
}
