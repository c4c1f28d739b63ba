import { useEffect, useState } from "react";
import type { ProcessInfo, ProcessesBackend } from "../bridge/processes";

/** runtime is how long a process has run (or ran), as "12s", "3m 04s" or "1h 02m". */
export function runtime(p: ProcessInfo, now: number): string {
  const s = Math.max(0, Math.floor(((p.endedAt ?? now) - p.startedAt) / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(m / 60)}h ${String(m % 60).padStart(2, "0")}m`;
}

function statusText(p: ProcessInfo): string {
  if (p.status === "exited") return `exited (${p.exitCode})`;
  return p.status;
}

/**
 * ProcessesPanel lists the chat's background processes live (command,
 * status, runtime, ports), each with its output on demand and Stop; it
 * shows nothing while there are none.
 */
export function ProcessesPanel({ backend, workspace, now = Date.now }: { backend: ProcessesBackend; workspace: string | null; now?: () => number }) {
  const [procs, setProcs] = useState<ProcessInfo[]>([]);
  const [shown, setShown] = useState<{ id: string; text: string } | null>(null);
  const [, tick] = useState(0);

  useEffect(() => {
    if (workspace === null) return;
    let live = true;
    let heard = false; // an event can overtake the first list; the event is newer
    const off = backend.onChange((p) => {
      heard = true;
      setProcs(p);
    });
    void backend.list().then((p) => {
      if (live && !heard) setProcs(p);
    }, () => undefined);
    return () => {
      live = false;
      off();
    };
  }, [backend, workspace]);

  const running = procs.some((p) => p.status === "running");
  useEffect(() => {
    if (!running) return;
    const id = window.setInterval(() => tick((n) => n + 1), 1000);
    return () => window.clearInterval(id);
  }, [running]);

  if (workspace === null || procs.length === 0) return null;
  const showOutput = async (id: string) => {
    if (shown?.id === id) return setShown(null);
    try {
      setShown({ id, text: await backend.output(id) });
    } catch {
      setShown({ id, text: "(the output could not be read)" });
    }
  };
  return (
    <section className="processes" aria-label="Processes">
      <h2 className="processes-title">Processes</h2>
      <ul>
        {procs.map((p) => (
          <li key={p.id} className={`process process-${p.status}`}>
            <code className="process-command" title={p.command}>
              {p.command}
            </code>
            <span className="process-status">{statusText(p)}</span> · <span className="process-runtime">{runtime(p, now())}</span>
            {p.ports.length > 0 && <span className="process-ports"> · listening on {p.ports.join(", ")}</span>}
            <span className="process-actions">
              <button type="button" onClick={() => void showOutput(p.id)} aria-expanded={shown?.id === p.id}>
                Output
              </button>
              {p.status === "running" && (
                <button type="button" onClick={() => void backend.stop(p.id).catch(() => undefined)}>
                  Stop
                </button>
              )}
            </span>
            {shown?.id === p.id && (
              <pre className="process-output" aria-label={`Output of ${p.command}`}>
                {shown.text || "(no output yet)"}
              </pre>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
