import { useCallback, useEffect, useState } from "react";
import { planBackend, type PlanBackend } from "../../bridge/plan";
import { MODE_CHANGED, modeLabels } from "../state/planning";
import "./planning.css";

/** The next mode after mode in the cycle (Plan · Ask · Auto-accept edits · Full auto). */
export function nextMode(modes: string[], mode: string): string {
  const at = modes.indexOf(mode);
  return modes[(at + 1) % modes.length] ?? mode;
}

/**
 * ModeSwitch shows the conversation's mode at the composer; clicking it or
 * Shift+Tab in the composer moves to the next one.
 */
export function ModeSwitch({ backend = planBackend }: { backend?: PlanBackend }) {
  const [mode, setMode] = useState<string | null>(null);
  const [modes, setModes] = useState<string[]>([]);

  useEffect(() => {
    let live = true;
    const load = () => {
      backend
        .getMode()
        .then((v) => {
          if (!live) return;
          setMode(v.mode);
          setModes(v.modes);
        })
        .catch(() => undefined);
    };
    load();
    document.addEventListener(MODE_CHANGED, load);
    return () => {
      live = false;
      document.removeEventListener(MODE_CHANGED, load);
    };
  }, [backend]);

  const cycle = useCallback(() => {
    if (mode === null || modes.length === 0) return;
    const next = nextMode(modes, mode);
    setMode(next);
    backend
      .setMode(next)
      .then((v) => setMode(v.mode))
      .catch(() => setMode(mode));
  }, [backend, mode, modes]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Tab" || !e.shiftKey || !(e.target instanceof HTMLElement) || e.target.closest(".composer") === null) return;
      e.preventDefault();
      cycle();
    };
    document.addEventListener("keydown", onKey, true);
    return () => document.removeEventListener("keydown", onKey, true);
  }, [cycle]);

  if (mode === null) return null;
  return (
    <button
      type="button"
      className={`mode-switch mode-${mode}`}
      onClick={cycle}
      title="Change mode (Shift+Tab in the composer)"
      aria-label={`Mode: ${modeLabels[mode] ?? mode}. Change mode`}
    >
      {modeLabels[mode] ?? mode}
    </button>
  );
}
