import { useState } from "react";
import type { UpdateView } from "../bridge/about";

export interface UpdateBackend {
  check(): Promise<UpdateView>;
  setEnabled(enabled: boolean): Promise<boolean>;
  open(url: string): void;
}

interface Props {
  enabled: boolean;
  backend: UpdateBackend;
}

/**
 * UpdateCheck: off until the person turns it on; then "Check now" reads the
 * release list and says whether a newer Hearth exists. Nothing is
 * downloaded without a click, and nothing about this computer is sent.
 */
export function UpdateCheck({ enabled: initial, backend }: Props) {
  const [enabled, setEnabled] = useState(initial);
  const [result, setResult] = useState("");
  const [link, setLink] = useState("");
  const [busy, setBusy] = useState(false);

  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      setEnabled(await backend.setEnabled(on));
      setResult("");
      setLink("");
    } catch (e) {
      setResult(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const check = async () => {
    setBusy(true);
    setResult("Checking…");
    setLink("");
    try {
      const v = await backend.check();
      if (v.newer) {
        setResult(`Hearth ${v.release.version} is available.`);
        setLink(v.release.url);
      } else {
        setResult(v.note || "You have the latest version.");
      }
    } catch (e) {
      setResult(`Could not check: ${e instanceof Error ? e.message : String(e)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="update-check">
      <label>
        <input type="checkbox" checked={enabled} disabled={busy} onChange={(e) => void toggle(e.target.checked)} />
        Check for updates (reads the list of releases; sends nothing about you)
      </label>
      {enabled && (
        <div className="row">
          <button type="button" disabled={busy} onClick={() => void check()}>
            Check now
          </button>
          <span role="status">{result}</span>
          {link && (
            <button type="button" className="link" onClick={() => backend.open(link)}>
              Get it
            </button>
          )}
        </div>
      )}
    </div>
  );
}
