import { useEffect, useState } from "react";
import type { IndexStatus as Status, ShellBackend } from "../bridge/shell";

const n = (x: number) => x.toLocaleString("en-US");

const watcherText: Record<string, string> = {
  watching: "watching",
  polling: "watching (polling)",
  starting: "starting to watch",
  off: "not watching",
};

/** summary is the one line the status shows (and screen readers hear) for a state. */
export function summary(s: Status): string {
  switch (s.state) {
    case "building":
      if (s.counting) return s.files_done > 0 ? `Indexing ${n(s.files_done)} files, still counting…` : "Indexing…";
      return s.files_total > 0 ? `Indexing ${n(s.files_done)} / ${n(s.files_total)} files` : "Indexing…";
    case "ready":
      return `Indexed ${n(s.files)} file${s.files === 1 ? "" : "s"} · ${watcherText[s.watcher] ?? s.watcher}`;
    case "failed":
      return "Indexing failed";
    case "closed":
      return "";
  }
}

/** IndexStatus shows the workspace index: progress while it builds, then its size and watcher. */
export function IndexStatus({ shell, workspace }: { shell: ShellBackend; workspace: string | null }) {
  const [status, setStatus] = useState<Status | null>(null);

  useEffect(() => {
    if (workspace === null) return;
    let live = true;
    // An event can overtake the initial query; the event is newer.
    let heard = false;
    const off = shell.onIndex((s) => {
      heard = true;
      setStatus(s);
    });
    shell.indexStatus().then(
      (s) => live && !heard && setStatus(s),
      () => undefined, // No status is shown rather than a guess.
    );
    return () => {
      live = false;
      off();
      setStatus(null);
    };
  }, [shell, workspace]);

  if (workspace === null || status === null || status.state === "closed") return null;
  const text = summary(status);
  const building = status.state === "building";
  return (
    <div className={`index-status ${status.state}`} data-testid="index-status">
      {building &&
        (status.files_total > 0 && !status.counting ? (
          <progress aria-label="Indexing progress" max={status.files_total} value={Math.min(status.files_done, status.files_total)} />
        ) : (
          <progress aria-label="Indexing progress" />
        ))}
      <p className="index-line" role="status">
        {text}
      </p>
      {status.warning && <p className="index-warning">{status.warning}</p>}
    </div>
  );
}
