import { useEffect, useState } from "react";
import type { Backend } from "../bridge";

/** Startup problems (a settings file moved aside…) shown until dismissed. */
export function WarningBanner({ backend }: { backend: Backend }) {
  const [warnings, setWarnings] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    backend
      .warnings()
      .then((w) => live && setWarnings(w))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [backend]);
  if (warnings.length === 0) return null;
  return (
    <div role="alert" className="banner warning app-warning" data-testid="app-warning">
      {warnings.map((w) => (
        <p key={w}>{w}</p>
      ))}
      <button type="button" onClick={() => setWarnings([])}>
        Dismiss
      </button>
    </div>
  );
}
