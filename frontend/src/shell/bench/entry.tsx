// Browser side of the shell benchmarks (run by run.mjs in real Chromium):
// the real sidebar, search panel and styles over an in-page backend that
// answers the way the Go side does. Results are figures, not pass/fail.
import { createRoot } from "react-dom/client";
import type { SearchHit, SearchView, SessionView, ShellBackend } from "../../bridge/shell";
import { SearchPanel } from "../../search/SearchPanel";
import { useSessions } from "../../sessions/useSessions";
import "../../styles.css";
import { HelpOverlay } from "../HelpOverlay";
import { IndexStatus } from "../IndexStatus";
import { Sidebar } from "../Sidebar";

const day = 86_400_000;
const words = ["index", "watcher", "release", "upload", "settings", "provider", "stream", "undo", "diff", "search"];
let sessions: SessionView[] = [];
let answeredAt = 0;
const sessionSubs = new Set<(live: string | null) => void>();
const hits = (n: number): SearchHit[] =>
  Array.from({ length: n }, (_, i) => {
    const snippet = `  func (w *Watcher${i}) rescan(ctx context.Context, dir string) error { // rescan after a storm — ${"é".repeat(i % 5)}`;
    const at = new TextEncoder().encode(snippet.slice(0, snippet.indexOf("rescan"))).length;
    return { path: `pkg/mod${i}/watch_${i}.go`, line: 10 + i, lines: [10 + i, 40 + i], score: n - i, snippet, highlights: [[at, at + 6]] };
  });
let searchResult: SearchView = { total: 0, tookMs: 0, hits: [], partial: false };

const none = () => Promise.reject(new Error("not in the benchmark"));
const shell: ShellBackend = {
  listSessions: async () => {
    answeredAt = performance.now();
    return sessions;
  },
  newChat: async () => "c2", conversations: async () => [], onConversations: () => () => undefined, openSession: none, renameSession: none, deleteSession: none, restoreSession: none,
  searchSessions: async () => [], exportSession: none, saveSessionExport: none,
  searchWorkspace: async () => {
    answeredAt = performance.now();
    return searchResult;
  },
  findFiles: async () => [],
  listCommands: async () => [],
  readSnippet: none,
  indexStatus: async () => ({ state: "ready", files_done: 0, files_total: 0, bytes_done: 0, bytes_total: 0, files: 48213, bytes: 1, watcher: "watching" }),
  onSessions: (cb) => {
    sessionSubs.add(cb);
    return () => sessionSubs.delete(cb);
  },
  onIndex: () => () => undefined,
  onNotice: () => () => undefined,
};

function Shell({ search }: { search: boolean }) {
  const ctl = useSessions(shell, "/work/proj", { onOpen: () => undefined, onNewChat: () => undefined });
  return (
    <div className="shell">
      <Sidebar onOpenSettings={() => undefined} sessions={ctl} workspace="/work/proj" footer={<IndexStatus shell={shell} workspace="/work/proj" />} />
      <main className="main" aria-label="Conversation" />
      {search && <SearchPanel shell={shell} onClose={() => undefined} />}
      <HelpOverlay />
    </div>
  );
}

const longTasks: number[] = [];
new PerformanceObserver((l) => l.getEntries().forEach((e) => longTasks.push(e.duration))).observe({ type: "longtask", buffered: true });

/** until resolves when ok() holds after a DOM change, with the time of that change. */
function until(ok: () => boolean): Promise<number> {
  return new Promise((resolve) => {
    if (ok()) return resolve(performance.now());
    const mo = new MutationObserver(() => {
      if (!ok()) return;
      mo.disconnect();
      resolve(performance.now());
    });
    mo.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

const root = createRoot(document.getElementById("root") as HTMLElement);
// Each run mounts a fresh shell, so it loads the sessions it is given.
let run = 0;
const rows = () => document.querySelectorAll(".session-open");
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;

declare global {
  interface Window {
    shellBench: typeof bench;
  }
}

const bench = {
  /** sidebar mounts n sessions, then reloads them on a "sessions" event. */
  async sidebar(n: number) {
    sessions = Array.from({ length: n }, (_, i) => ({
      id: `s${i}`, title: `${words[i % words.length]} ${words[(i * 7) % words.length]} #${i}`, updatedAt: Date.now() - i * (day / 8), model: "m", costUsd: 0,
    }));
    longTasks.length = 0;
    root.render(<Shell key={++run} search={false} />);
    const shown = await until(() => rows().length === n);
    const mount = shown - answeredAt;
    // Each "sessions" event reloads the list; one title changed, as after a rename.
    const reloads: number[] = [];
    for (let k = 0; k < 10; k++) {
      const title = `renamed ${k}`;
      sessions = sessions.map((s, i) => (i === 0 ? { ...s, title } : { ...s }));
      sessionSubs.forEach((cb) => cb(null));
      reloads.push((await until(() => rows()[0]?.querySelector(".session-title")?.textContent === title)) - answeredAt);
    }
    return {
      sessions: n, renderMs: +mount.toFixed(1), reloadP50Ms: +pct(reloads, 50).toFixed(1), reloadMaxMs: +Math.max(...reloads).toFixed(1),
      longTasksOver50ms: longTasks.filter((d) => d > 50).length,
    };
  },
  /** search renders n results for a typed query, then steps through them with ↓. */
  async search(n: number) {
    searchResult = { total: n, tookMs: 3, hits: hits(n), partial: false };
    root.render(<Shell key={++run} search={true} />);
    const input = await new Promise<HTMLInputElement>((r) => setTimeout(() => r(document.querySelector(".search-input") as HTMLInputElement), 50));
    longTasks.length = 0;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
    setter?.call(input, "rescan");
    input.dispatchEvent(new Event("input", { bubbles: true }));
    const shown = await until(() => document.querySelectorAll("[role=option]").length === n);
    const steps: number[] = [];
    for (let i = 0; i < n; i++) {
      const t0 = performance.now();
      input.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowDown", bubbles: true }));
      const want = document.querySelectorAll("[role=option]")[(i + 1) % n];
      steps.push((await until(() => want?.getAttribute("aria-selected") === "true")) - t0);
    }
    return {
      results: n, renderMs: +(shown - answeredAt).toFixed(1), arrowStepP50Ms: +pct(steps, 50).toFixed(2), arrowStepMaxMs: +Math.max(...steps).toFixed(2),
      longTasksOver50ms: longTasks.filter((d) => d > 50).length,
    };
  },
};
window.shellBench = bench;
