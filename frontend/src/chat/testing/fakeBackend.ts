// A Backend for component tests: the chat methods are spies, and emit()
// plays the Go side's "chat" events. (The real backend is a Go process; the
// Playwright suite drives that.)
import { vi } from "vitest";
import type { Backend, BridgeError } from "../../bridge";
import type { ChatEvent, WorkspaceView } from "../../bridge/protocol";
import type { TranscriptView } from "../../bridge/sessions";

export interface FakeBackend extends Backend {
  /** emit plays events of the conversation tests show ("") */
  emit(...events: ChatEvent[]): void;
  /** emitIn plays events of conversation conv */
  emitIn(conv: string, ...events: ChatEvent[]): void;
  /** opened plays the backend opening a folder by itself (a drop). */
  opened(w: WorkspaceView): void;
  notice(e: BridgeError): void;
  attach(paths: string[]): void;
  /** release plays the backend letting conversations go. */
  release(...convs: string[]): void;
  listeners(): number;
}

const unused = () => Promise.reject(new Error("not used by the chat"));

export function fakeBackend(workspace: WorkspaceView | null = null): FakeBackend {
  const subs = new Set<(e: ChatEvent, conv: string) => void>();
  const opens = new Set<(w: WorkspaceView) => void>();
  const notices = new Set<(e: BridgeError) => void>();
  const attaches = new Set<(p: string[]) => void>();
  const releases = new Set<(convs: string[]) => void>();
  let turn = 0;
  return {
    getSettings: unused, saveGlobal: unused, saveProvider: unused, addCustomEndpoint: unused, removeCustomEndpoint: unused, addKnowledgeFolder: unused, removeKnowledgeFolder: unused,
    setKey: unused, setSessionKey: unused, deleteKey: unused, testConnection: unused, listModels: unused, detectLocal: unused, firstRun: unused, chatChoice: unused, setChatChoice: unused,
    warnings: vi.fn(async () => []),
    markFirstPaint: vi.fn(async () => undefined),
    rememberWindow: vi.fn(async () => undefined),
    compactConversation: vi.fn(async () => ({ changed: true, before: 90000, after: 30000 })),
    openWorkspace: vi.fn(async (path: string) => ({ path, name: path.split("/").pop() ?? path })),
    chooseWorkspace: vi.fn(async () => ({ path: "/home/me/proj", name: "proj" })),
    recentWorkspaces: vi.fn(async () => []),
    currentWorkspace: vi.fn(async () => workspace),
    shownConversation: vi.fn(async () => ""),
    send: vi.fn(async () => ({ turnId: `t${++turn}`, queued: false })),
    sendWith: vi.fn(async () => ({ turnId: `t${++turn}`, queued: false })),
    storedAttachment: vi.fn(async () => "data:image/png;base64,iVBORw0KGgo="),
    regenerate: vi.fn(async () => ({ turnId: `t${++turn}`, queued: false })),
    editAndResend: vi.fn(async () => ({ turnId: `t${++turn}`, queued: false })),
    switchVersion: vi.fn(async () => ({ session: { id: "s1", workspace: "/home/me/proj", title: "", created_at: "", updated_at: "", usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost_usd: 0 } }, messages: [] }) as unknown as TranscriptView),
    forkTurn: vi.fn(async () => ({ session: { id: "s2", workspace: "/home/me/proj", title: " (fork)", created_at: "", updated_at: "", usage: { input_tokens: 0, output_tokens: 0, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost_usd: 0 } }, messages: [] }) as unknown as TranscriptView),
    undoTurn: vi.fn(async () => ({ restored: [], deleted: [], conflicts: [] })),
    redoTurn: vi.fn(async () => ({ restored: [], deleted: [], conflicts: [] })),
    stop: vi.fn(async () => undefined),
    resumeQueue: vi.fn(async () => ({ turnId: "", queued: true })),
    removeQueued: vi.fn(async () => undefined),
    approve: vi.fn(async () => undefined),
    openExternal: vi.fn(),
    onChatEvent: (cb) => {
      subs.add(cb);
      return () => subs.delete(cb);
    },
    onReleased: (cb) => {
      releases.add(cb);
      return () => releases.delete(cb);
    },
    onWorkspace: (cb) => {
      opens.add(cb);
      return () => opens.delete(cb);
    },
    onAttach: (cb) => {
      attaches.add(cb);
      return () => attaches.delete(cb);
    },
    onNotice: (cb) => {
      notices.add(cb);
      return () => notices.delete(cb);
    },
    emit: (...events) => events.forEach((e) => subs.forEach((cb) => cb(e, ""))),
    emitIn: (conv, ...events) => events.forEach((e) => subs.forEach((cb) => cb(e, conv))),
    opened: (w) => opens.forEach((cb) => cb(w)),
    notice: (e) => notices.forEach((cb) => cb(e)),
    release: (...convs) => releases.forEach((cb) => cb(convs)),
    attach: (p) => attaches.forEach((cb) => cb(p)),
    listeners: () => subs.size,
  };
}

/** nextFrame lets the frame-batched events reach the reducer. */
export const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
