// The shell's side of the bridge: sessions sidebar, search panel, index
// status and notices. Kept apart from Backend (index.ts) so the chat's test
// double, which implements Backend, needs none of it.
import * as Chat from "../../wailsjs/go/app/Chat";
import * as Composer from "../../wailsjs/go/app/Composer";
import * as Project from "../../wailsjs/go/app/Project";
import * as Sessions from "../../wailsjs/go/app/Sessions";
import { EventsOn } from "../../wailsjs/runtime/runtime";
import type { app } from "../../wailsjs/go/models";
import type { Wire } from "./wire";
import { BridgeError, call } from "./errors";
import {
  isFileMatch, isIndexStatus, isSearchView, isSessionHit, isSessionView, isTranscript, parseNotice,
  type CommandEntry, type ExportFormat, type FileMatch, type IndexStatus, type Notice, type SearchView, type SessionHit,
  type SessionView, type TranscriptView,
} from "./sessions";

import { isSnippet, type SnippetView } from "./snippet";

function isCommandEntry(v: unknown): v is CommandEntry {
  if (typeof v !== "object" || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.name === "string" && typeof r.description === "string" && typeof r.argumentHint === "string" && typeof r.scope === "string";
}

export type * from "./sessions";

/** One live conversation's state: running (since), queued for a slot, needs you (waits: approval, question, plan), done unread, failed, idle. */
export type ConversationState = Wire<app.ConversationState>;

const conversationStates = ["idle", "running", "queued", "needs_you", "done", "failed"];

function isConversationState(v: unknown): v is ConversationState {
  if (typeof v !== "object" || v === null) return false;
  const r = v as Record<string, unknown>;
  return typeof r.id === "string" && typeof r.sessionId === "string" && typeof r.state === "string" && conversationStates.includes(r.state);
}
export type * from "./snippet";

/** How an export carries a conversation's attachments. */
export type AttachmentExport = "embed" | "link";

export interface ShellBackend {
  /** The open workspace's conversations, newest first ([] with no workspace). */
  listSessions(): Promise<SessionView[]>;
  /** newChat starts a conversation (the others go on) and resolves its id */
  newChat(): Promise<string>;
  openSession(id: string): Promise<TranscriptView>;
  renameSession(id: string, title: string): Promise<void>;
  deleteSession(id: string): Promise<void>;
  /** restoreSession undoes a delete made moments ago. */
  restoreSession(id: string): Promise<void>;
  searchSessions(query: string): Promise<SessionHit[]>;
  /** attachments: "embed" puts their bytes in the export, "link" (the default) points at the stored files */
  exportSession(id: string, format: ExportFormat, attachments?: AttachmentExport): Promise<string>;
  /** saveSessionExport resolves the saved path, or "" when the dialog was cancelled. */
  saveSessionExport(id: string, format: ExportFormat, attachments?: AttachmentExport): Promise<string>;
  searchWorkspace(query: string, limit: number): Promise<SearchView>;
  findFiles(pattern: string, limit: number): Promise<FileMatch[]>;
  /** Every slash command of the open workspace: built-in, user, project, MCP prompts. */
  listCommands(): Promise<CommandEntry[]>;
  readSnippet(path: string, line: number): Promise<SnippetView>;
  indexStatus(): Promise<IndexStatus>;
  /**
   * Each on* subscribes to one backend event and returns the unsubscribe.
   * onSessions passes the conversation the chat is saved to ("" for a new
   * chat not yet saved; null when the event did not say).
   */
  onSessions(cb: (current: string | null) => void): () => void;
  onIndex(cb: (s: IndexStatus) => void): () => void;
  onNotice(cb: (n: Notice) => void): () => void;
  /** the live conversations' states (running, needs you, …), for the sidebar's badges */
  conversations(): Promise<ConversationState[]>;
  onConversations(cb: (s: ConversationState[]) => void): () => void;
}

/** onEvent subscribes to a named Wails event; a no-op outside the Wails window. */
export function onEvent(name: string, cb: (payload: unknown) => void): () => void {
  if (!("runtime" in window)) return () => undefined;
  return EventsOn(name, (payload: unknown) => cb(payload));
}

async function checked<T>(what: string, p: () => Promise<unknown>, ok: (v: unknown) => v is T): Promise<T> {
  const v = await call<unknown>(p);
  if (!ok(v)) throw new BridgeError("internal", `The backend sent a malformed ${what}.`);
  return v;
}

// A list with one malformed row still shows the others.
async function list<T>(p: () => Promise<unknown>, ok: (v: unknown) => v is T): Promise<T[]> {
  const v = await call<unknown>(p);
  return Array.isArray(v) ? v.filter(ok) : [];
}

export const shellBackend: ShellBackend = {
  listSessions: () => list(() => Sessions.ListSessions(), isSessionView),
  newChat: () => call(() => Chat.NewChat()),
  conversations: () => list(() => Sessions.Conversations(), isConversationState),
  onConversations: (cb) =>
    onEvent("conversations", (p) => {
      if (Array.isArray(p)) cb(p.filter(isConversationState));
    }),
  openSession: (id) => checked("conversation", () => Sessions.OpenSession(id), isTranscript),
  renameSession: (id, title) => call(() => Sessions.RenameSession(id, title)),
  deleteSession: (id) => call(() => Sessions.DeleteSession(id)),
  restoreSession: (id) => call(() => Sessions.RestoreSession(id)),
  searchSessions: (q) => list(() => Sessions.SearchSessions(q), isSessionHit),
  exportSession: (id, f, att = "link") => call(() => Sessions.ExportSession(id, f, att)),
  saveSessionExport: async (id, f, att = "link") => (await call<string | null>(() => Sessions.SaveSessionExport(id, f, att))) ?? "",
  searchWorkspace: async (q, limit) => {
    const v = await checked("search result", () => Project.SearchWorkspace(q, limit), isSearchView);
    return { ...v, hits: v.hits ?? [] };
  },
  findFiles: (pattern, limit) => list(() => Composer.FindFiles(pattern, limit), isFileMatch),
  listCommands: () => list(() => Composer.ListCommands(), isCommandEntry),
  readSnippet: (path, line) => checked("file preview", () => Project.ReadSnippet(path, line), isSnippet),
  indexStatus: () => checked("index status", () => Project.IndexStatus(), isIndexStatus),
  onSessions: (cb) =>
    onEvent("sessions", (p) => {
      const current = typeof p === "object" && p !== null ? (p as Record<string, unknown>).current : undefined;
      cb(typeof current === "string" ? current : null);
    }),
  onIndex: (cb) =>
    onEvent("index", (p) => {
      if (isIndexStatus(p)) cb(p);
      else console.warn("hearth: dropped a malformed index event");
    }),
  onNotice: (cb) =>
    onEvent("notice", (p) => {
      const n = parseNotice(p);
      if (n) cb(n);
    }),
};
