// A Backend for component tests: the chat methods are spies, and emit()
// plays the Go side's "chat" events. (The real backend is a Go process; the
// Playwright suite drives that.)
import { vi } from "vitest";
import type { Backend } from "../bridge";
import type { ChatEvent, WorkspaceView } from "./protocol";

export interface FakeBackend extends Backend {
  emit(...events: ChatEvent[]): void;
  drop(paths: string[]): void;
  listeners(): number;
}

const unused = () => Promise.reject(new Error("not used by the chat"));

export function fakeBackend(workspace: WorkspaceView | null = null): FakeBackend {
  const subs = new Set<(e: ChatEvent) => void>();
  const drops = new Set<(p: string[]) => void>();
  let turn = 0;
  return {
    getSettings: unused, saveGlobal: unused, saveProvider: unused, addCustomEndpoint: unused, removeCustomEndpoint: unused,
    setKey: unused, setSessionKey: unused, deleteKey: unused, testConnection: unused, listModels: unused, detectLocal: unused,
    warnings: vi.fn(async () => []),
    markFirstPaint: vi.fn(async () => undefined),
    openWorkspace: vi.fn(async (path: string) => ({ path, name: path.split("/").pop() ?? path })),
    chooseWorkspace: vi.fn(async () => ({ path: "/home/me/proj", name: "proj" })),
    currentWorkspace: vi.fn(async () => workspace),
    send: vi.fn(async () => ({ turnId: `t${++turn}`, queued: false })),
    stop: vi.fn(async () => undefined),
    approve: vi.fn(async () => undefined),
    openExternal: vi.fn(),
    onChatEvent: (cb) => {
      subs.add(cb);
      return () => subs.delete(cb);
    },
    onFileDrop: (cb) => {
      drops.add(cb);
      return () => drops.delete(cb);
    },
    emit: (...events) => events.forEach((e) => subs.forEach((cb) => cb(e))),
    drop: (paths) => drops.forEach((cb) => cb(paths)),
    listeners: () => subs.size,
  };
}

/** nextFrame lets the frame-batched events reach the reducer. */
export const nextFrame = () => new Promise<void>((r) => requestAnimationFrame(() => r()));
