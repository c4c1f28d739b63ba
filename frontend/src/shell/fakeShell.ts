// An in-memory ShellBackend for component tests: it keeps sessions the way
// the Go store does (delete moves to a trash that restore empties) and
// emits "sessions" after each change. The real backend runs in the e2e suite.
import { vi } from "vitest";
import type { ConversationState, IndexStatus, Notice, SearchView, SessionHit, SessionView, ShellBackend } from "../bridge/shell";

export interface FakeShell extends ShellBackend {
  sessions: SessionView[];
  searchResult: SearchView;
  historyHits: SessionHit[];
  status: IndexStatus;
  /** emitSessions says the list changed; live, when given, names the conversation the chat is saved to. */
  emitSessions(live?: string): void;
  emitIndex(s: IndexStatus): void;
  emitNotice(n: Notice): void;
  states: ConversationState[];
  /** emitStates plays the backend's "conversations" event */
  emitStates(s: ConversationState[]): void;
}

export const idleStatus: IndexStatus = { state: "closed", files_done: 0, files_total: 0, bytes_done: 0, bytes_total: 0, files: 0, bytes: 0, watcher: "off" };

export function fakeShell(sessions: SessionView[] = []): FakeShell {
  const trash = new Map<string, SessionView>();
  const subs = {
    sessions: new Set<(live: string | null) => void>(), index: new Set<(s: IndexStatus) => void>(), notice: new Set<(n: Notice) => void>(),
    states: new Set<(s: ConversationState[]) => void>(),
  };
  let convs = 1;
  const sub = <T>(set: Set<T>, cb: T) => {
    set.add(cb);
    return () => void set.delete(cb);
  };
  const changed = () => queueMicrotask(() => subs.sessions.forEach((cb) => cb(null)));
  const find = (id: string) => {
    const s = f.sessions.find((x) => x.id === id);
    if (!s) throw new Error(`session ${id} not found`);
    return s;
  };
  const f: FakeShell = {
    sessions: [...sessions],
    searchResult: { total: 0, tookMs: 0, hits: [], partial: false },
    historyHits: [],
    status: idleStatus,
    listSessions: vi.fn(async () => f.sessions.map((s) => ({ ...s }))),
    newChat: vi.fn(async () => `c${++convs}`),
    conversations: vi.fn(async () => f.states),
    onConversations: (cb) => sub(subs.states, cb),
    states: [],
    emitStates: (s) => {
      f.states = s;
      subs.states.forEach((cb) => cb(s));
    },
    openSession: vi.fn(async (id: string) => ({ session: { ...find(id) }, messages: [] })),
    renameSession: vi.fn(async (id: string, title: string) => {
      find(id).title = title;
      changed();
    }),
    deleteSession: vi.fn(async (id: string) => {
      trash.set(id, find(id));
      f.sessions = f.sessions.filter((x) => x.id !== id);
      changed();
    }),
    restoreSession: vi.fn(async (id: string) => {
      const s = trash.get(id);
      if (!s) throw new Error(`session ${id} cannot be restored`);
      trash.delete(id);
      f.sessions = [...f.sessions, s];
      changed();
    }),
    searchSessions: vi.fn(async () => f.historyHits),
    exportSession: vi.fn(async () => ""),
    saveSessionExport: vi.fn(async (id: string, format: string) => `/home/me/hearth-${id}.${format}`),
    searchWorkspace: vi.fn(async () => f.searchResult),
    findFiles: vi.fn(async () => []),
    listCommands: vi.fn(async () => []),
    readSnippet: vi.fn(async (path: string, line: number) => ({ path, focus: line, total: line, lines: [{ n: line, text: "the line" }] })),
    indexStatus: vi.fn(async () => f.status),
    onSessions: (cb) => sub(subs.sessions, cb),
    onIndex: (cb) => sub(subs.index, cb),
    onNotice: (cb) => sub(subs.notice, cb),
    emitSessions: (live) => subs.sessions.forEach((cb) => cb(live ?? null)),
    emitIndex: (s) => subs.index.forEach((cb) => cb(s)),
    emitNotice: (n) => subs.notice.forEach((cb) => cb(n)),
  };
  return f;
}
