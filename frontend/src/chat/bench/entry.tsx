// Browser side of the chat benchmarks (run by run.mjs in real Chromium):
// the real ChatView and styles, fed by a backend that plays events the way
// the Go side sends them. Results are figures, not pass/fail.
import { createRoot } from "react-dom/client";
import type { Backend } from "../../bridge";
import "../../styles.css";
import { ChatView } from "../components/ChatView";
import type { ChatEvent } from "../../bridge/protocol";
import { chatReducer, initialState } from "../state/state";
import { answer, tokens } from "./corpus";

const subs = new Set<(e: ChatEvent, conv: string) => void>();
const none = () => Promise.reject(new Error("not in the benchmark"));
const backend: Backend = {
  getSettings: none, saveGlobal: none, saveProvider: none, addCustomEndpoint: none, removeCustomEndpoint: none, addKnowledgeFolder: none, removeKnowledgeFolder: none,
  setKey: none, setSessionKey: none, deleteKey: none, testConnection: none, listModels: none, detectLocal: none, firstRun: none, chatChoice: none, setChatChoice: none,
  warnings: async () => [], markFirstPaint: async () => undefined, rememberWindow: async () => undefined, compactConversation: none,
  openWorkspace: none, chooseWorkspace: none, currentWorkspace: async () => null, recentWorkspaces: async () => [],
  shownConversation: async () => "", send: none, sendWith: none, storedAttachment: none, regenerate: none, editAndResend: none, switchVersion: none, forkTurn: none, undoTurn: none, redoTurn: none, stop: async () => undefined, resumeQueue: none, removeQueued: none, approve: async () => undefined, openExternal: () => undefined,
  onChatEvent: (cb) => {
    subs.add(cb);
    return () => subs.delete(cb);
  },
  onReleased: () => () => undefined,
  onWorkspace: () => () => undefined,
  onNotice: () => () => undefined,
  onAttach: () => () => undefined,
};
const emit = (e: ChatEvent) => subs.forEach((cb) => cb(e, ""));

const usage = { inputTokens: 1000, cachedInputTokens: 0, outputTokens: 300, reasoningTokens: 0 };

function percentile(xs: number[], p: number): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
}

/** watch records frame gaps and long tasks until stopped. */
function watch() {
  const gaps: number[] = [];
  const longTasks: number[] = [];
  const begin = performance.now();
  let last = begin;
  let on = true;
  const tick = (t: number) => {
    gaps.push(t - last);
    last = t;
    if (on) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const po = new PerformanceObserver((l) => l.getEntries().forEach((e) => longTasks.push(e.duration)));
  po.observe({ type: "longtask", buffered: false });
  return () => {
    on = false;
    po.disconnect();
    return {
      ms: Math.round(performance.now() - begin),
      frames: gaps.length,
      maxFrameMs: Math.max(0, ...gaps),
      p95FrameMs: percentile(gaps, 95),
      longTasks: longTasks.length,
      maxLongTaskMs: Math.max(0, ...longTasks),
    };
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const frame = () => new Promise((r) => requestAnimationFrame(r));

/** stream plays one answer at `rate` tokens a second and measures token → DOM latency. */
async function stream(turnId: string, rate: number, paragraphs: number) {
  const list = () => document.querySelector(".message-list");
  const pending: number[] = [];
  const latencies: number[] = [];
  const mo = new MutationObserver(() => {
    const now = performance.now();
    for (const t of pending.splice(0)) latencies.push(now - t);
  });
  let seq = 0;
  const ev = (body: object) => emit({ turnId, seq: ++seq, ...body } as ChatEvent);
  ev({ type: "turn_started", prompt: "Explain the change", startedAt: Date.now() });
  for (let i = 0; i < 100 && !list(); i++) await sleep(10);
  const target = list();
  if (!target) throw new Error("the turn did not render");
  mo.observe(target, { subtree: true, childList: true, characterData: true });
  const stop = watch();
  const toks = tokens(answer(7, paragraphs));
  const start = performance.now();
  for (let i = 0; i < toks.length; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    pending.push(performance.now());
    ev({ type: "text", text: toks[i] });
  }
  await sleep(100);
  ev({ type: "done", text: "", iterations: 1, elapsedMs: performance.now() - start, stopped: false, usage, cost: 0.01 });
  await sleep(100);
  mo.disconnect();
  return { tokens: toks.length, ...stop(), p50LatencyMs: percentile(latencies, 50), p95LatencyMs: percentile(latencies, 95), maxLatencyMs: Math.max(...latencies) };
}

/** session opens n finished turns at once, then scrolls from the bottom to the top. */
async function session(n: number) {
  // The reducer alone, on the same events, for the split of the open time.
  const all: ChatEvent[] = [];
  subs.add((e) => all.push(e));
  const stop = watch();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const turnId = `s${i}`;
    let seq = 0;
    const ev = (body: object) => emit({ turnId, seq: ++seq, ...body } as ChatEvent);
    ev({ type: "turn_started", prompt: `Question ${i}: what does this do?`, startedAt: 0 });
    if (i % 4 === 0) {
      ev({ type: "tool_started", callId: `c${i}`, name: "read_file", args: { path: `pkg/file${i}.go` } });
      ev({ type: "tool_finished", callId: `c${i}`, name: "read_file", status: "succeeded", output: "package x\n", summary: "Read x.go · 1 line", durationMs: 3 });
    }
    ev({ type: "text", text: answer(i, 3) });
    ev({ type: "done", text: "", iterations: 1, elapsedMs: 4200, stopped: false, usage, cost: 0.002 });
  }
  // Opened = the newest turn is on screen.
  for (let i = 0; i < 2000 && !document.querySelector(".turn:last-child .turn-footer"); i++) await sleep(5);
  await frame();
  const openMs = performance.now() - t0;
  const opened = stop();
  const scroller = document.querySelector(".message-scroller");
  if (!scroller) throw new Error("no scroller");
  const stopScroll = watch();
  // Scroll up a screen per frame; older pages render as the top nears.
  let steps = 0;
  const earlier = () => document.querySelector(".show-earlier");
  for (; steps < 3000 && (scroller.scrollTop > 0 || earlier()); steps++) {
    scroller.scrollTop = Math.max(0, scroller.scrollTop - 700);
    await frame();
  }
  await sleep(50);
  const scroll = stopScroll();
  const r0 = performance.now();
  chatReducer(initialState, { type: "events", events: all, now: 0 });
  const reducerMs = performance.now() - r0;
  return { turns: n, events: all.length, reducerMs, openMs, open: opened, scroll: { ...scroll, steps, rendered: document.querySelectorAll(".turn").length }, domNodes: document.getElementsByTagName("*").length };
}

/** gallery plays one turn with every kind of row, for screenshots. */
function gallery() {
  let s0 = 0;
  const ev0 = (body: object) => emit({ turnId: "g0", seq: ++s0, ...body } as ChatEvent);
  ev0({ type: "turn_started", prompt: "Rename Sum to Total", startedAt: Date.now() - 9000 });
  ev0({ type: "tool_started", callId: "e", name: "edit_file", args: { path: "sum.go" } });
  ev0({ type: "tool_finished", callId: "e", name: "edit_file", status: "succeeded", summary: "Edited sum.go · +1 −1", durationMs: 12,
    output: "Applied 1 edit to sum.go.\n--- a/sum.go\n+++ b/sum.go\n@@ -1,1 +1,1 @@\n-func Sum(xs []int) int {\n+func Total(xs []int) int {\n" });
  ev0({ type: "text", text: "Renamed `Sum` to `Total`." });
  ev0({ type: "changes", files: ["/bench/sum.go", "/bench/sum_test.go"] });
  ev0({ type: "done", text: "", iterations: 2, elapsedMs: 9000, stopped: false, usage, cost: 0.004 });
  let seq = 0;
  const ev = (body: object) => emit({ turnId: "g", seq: ++seq, ...body } as ChatEvent);
  ev({ type: "turn_started", prompt: "Fix the failing test and clean the build dir", startedAt: Date.now() - 65_000 });
  ev({ type: "reasoning", text: "The test fails on an off-by-one. I'll read sum.go first." });
  ev({ type: "text", text: "Let me look at the code first." });
  ev({ type: "tool_started", callId: "a", name: "read_file", args: { path: "sum.go" } });
  ev({ type: "tool_finished", callId: "a", name: "read_file", status: "succeeded", output: "package sum\n", summary: "Read sum.go · 1 line", durationMs: 4 });
  ev({ type: "tool_started", callId: "b", name: "shell", args: { command: "go test ./..." } });
  ev({ type: "tool_finished", callId: "b", name: "shell", status: "failed", output: "--- FAIL: TestSum (0.00s)\n    sum_test.go:9: got 5, want 6\nFAIL", summary: "Ran go test ./... · exit 1", exitCode: 1, durationMs: 1830 });
  ev({ type: "approval_requested", requestId: "r1", callId: "c", tool: "edit_file", kind: "edit", summary: "edit sum.go",
    detail: "--- a/sum.go\n+++ b/sum.go\n@@ -3,3 +3,3 @@\n func Sum(xs []int) (n int) {\n-\tfor i := 1; i < len(xs); i++ {\n+\tfor i := 0; i < len(xs); i++ {\n" });
  ev({ type: "tool_started", callId: "c", name: "edit_file", args: { path: "sum.go" } });
  ev({ type: "approval_requested", requestId: "r2", callId: "d", tool: "shell", kind: "shell", summary: "deletes the build directory", detail: "rm -rf build/" });
  ev({ type: "tool_started", callId: "d", name: "shell", args: { command: "rm -rf build/" } });
  ev({ type: "tool_progress", callId: "d", chunk: "removing build/bin/app\n" });
  ev({ type: "retry", class: "rate_limit", attempt: 2, delayMs: 12_000 });
}

const root = document.getElementById("root");
if (!root) throw new Error("missing #root");
// The same frame as App: the scroller's height comes from the shell grid.
createRoot(root).render(
  <div className="shell">
    <nav className="sidebar" aria-label="Conversations" />
    <main className="main with-chat" aria-label="Conversation">
      <ChatView backend={backend} workspace={{ path: "/bench", name: "bench" }} onOpenSettings={() => undefined} />
    </main>
  </div>,
);

Object.assign(window, { chatBench: { stream, session, gallery } });
