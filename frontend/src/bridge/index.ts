// The one module that talks to the generated Wails bindings.
import * as Chat from "../../wailsjs/go/app/Chat";
import * as Composer from "../../wailsjs/go/app/Composer";
import * as Project from "../../wailsjs/go/app/Project";
import * as Sessions from "../../wailsjs/go/app/Sessions";
import * as Settings from "../../wailsjs/go/app/Settings";
import * as Shell from "../../wailsjs/go/app/Shell";
import type { app } from "../../wailsjs/go/models";
import { BrowserOpenURL, EventsOn } from "../../wailsjs/runtime/runtime";
import { checkChatEvent, isSendResult, isUndoReport, isWorkspaceView, type Skipped } from "./guard";
import type { ApprovalDecision, ChatEvent, SendResult, UndoReport, WorkspaceView } from "./protocol";
import { BridgeError, call, toBridgeError } from "./errors";
import { isTranscript, type TranscriptView } from "./sessions";
import type { ChatChoiceInput, ChatChoiceView, CompactResult, ConnectionResult, FileInput, FirstRunView, GlobalInput, ProviderInput, SettingsView } from "./types";

export { BridgeError } from "./errors";
export type * from "./types";

export interface Backend {
  getSettings(): Promise<SettingsView>;
  saveGlobal(input: GlobalInput): Promise<SettingsView>;
  saveProvider(id: string, input: ProviderInput): Promise<SettingsView>;
  addCustomEndpoint(name: string, baseUrl: string): Promise<SettingsView>;
  removeCustomEndpoint(name: string): Promise<SettingsView>;
  setKey(id: string, key: string): Promise<SettingsView>;
  setSessionKey(id: string, key: string): Promise<SettingsView>;
  deleteKey(id: string): Promise<SettingsView>;
  testConnection(id: string): Promise<ConnectionResult>;
  listModels(id: string): Promise<string[]>;
  detectLocal(): Promise<string[]>;
  /** what can answer a first message: running local servers and keys found first */
  firstRun(): Promise<FirstRunView>;
  /** the composer picker: this conversation's provider, model, effort and mode */
  chatChoice(): Promise<ChatChoiceView>;
  setChatChoice(input: ChatChoiceInput): Promise<ChatChoiceView>;
  /** opens the OS folder picker; resolves with the settings unchanged when cancelled */
  addKnowledgeFolder(): Promise<SettingsView>;
  removeKnowledgeFolder(label: string): Promise<SettingsView>;
  warnings(): Promise<string[]>;
  markFirstPaint(): Promise<void>;
  rememberWindow(): Promise<void>;
  compactConversation(conv: string): Promise<CompactResult>;

  // Chat. chooseWorkspace resolves null when the picker was cancelled.
  openWorkspace(path: string): Promise<WorkspaceView>;
  chooseWorkspace(): Promise<WorkspaceView | null>;
  currentWorkspace(): Promise<WorkspaceView | null>;
  /** the folders opened last that still exist, newest first */
  recentWorkspaces(): Promise<WorkspaceView[]>;
  // The methods that act on a turn name its conversation (conv, the id
  // NewChat, OpenSession or shownConversation gave), so a call in flight
  // reaches it whichever conversation the window shows by then.
  /** the id of the conversation the backend shows (after a folder opens) */
  shownConversation(): Promise<string>;
  send(conv: string, text: string): Promise<SendResult>;
  /** send with attached files (name and base64 bytes); the Go side checks and fits them */
  sendWith(conv: string, text: string, files: FileInput[]): Promise<SendResult>;
  /** a stored attachment of conversation sessionId, as a data: URL */
  storedAttachment(sessionId: string, sha256: string): Promise<string>;
  stop(conv: string): Promise<void>;
  /** run the prompts Stop paused */
  resumeQueue(conv: string): Promise<SendResult>;
  /** drop a queued prompt that has not started */
  removeQueued(conv: string, turnId: string): Promise<void>;
  approve(conv: string, requestId: string, decision: ApprovalDecision): Promise<void>;
  /** regenerate runs a turn's prompt again in place of it and everything after it. */
  regenerate(conv: string, turnId: string): Promise<SendResult>;
  /** editAndResend replaces a turn's prompt and reruns it; the old branch stays as an earlier version of the turn. */
  editAndResend(conv: string, turnId: string, text: string): Promise<SendResult>;
  /** switchVersion shows version n (1-based) of a turn; the next prompt continues it. The conversation as now shown. */
  switchVersion(conv: string, turnId: string, version: number): Promise<TranscriptView>;
  /** forkTurn copies the conversation through a turn into a new one ("… (fork)") and opens it. */
  forkTurn(conv: string, turnId: string): Promise<TranscriptView>;
  /** undoTurn restores the files a turn changed; with force, also those changed since. */
  undoTurn(conv: string, turnId: string, force: boolean): Promise<UndoReport>;
  redoTurn(conv: string, turnId: string, force: boolean): Promise<UndoReport>;
  /**
   * onChatEvent delivers each well-formed "chat" event, and a Skipped
   * placeholder for a malformed one that still names its turn and seq (so
   * the turn goes on past it), with the id of the conversation it came
   * from; it returns the unsubscribe.
   */
  onChatEvent(cb: (e: ChatEvent | Skipped, conv: string) => void): () => void;
  /** onReleased reports conversations the backend let go (idle and not shown); reopened, each comes back under a new id. */
  onReleased(cb: (convs: string[]) => void): () => void;
  /** openExternal shows an http(s) or mailto link in the system browser, never in the app's webview. */
  openExternal(url: string): void;
  /** onWorkspace reports a folder the backend opened by itself (one dropped on the window). */
  onWorkspace(cb: (w: WorkspaceView) => void): () => void;
  /** onAttach reports files (not folders) dropped on the window, for the composer. */
  onAttach(cb: (paths: string[]) => void): () => void;
  /** onNotice reports a failure of background work (saving, undo, a drop) as a typed error. */
  onNotice(cb: (e: BridgeError) => void): () => void;
}

// Outside the Wails window (a plain browser on the dev server) there is no
// runtime to subscribe to; the UI then simply receives nothing.
function withRuntime(subscribe: () => () => void): () => void {
  if (!("runtime" in window)) return () => undefined;
  return subscribe();
}

async function workspace(p: () => Promise<unknown>): Promise<WorkspaceView | null> {
  const v = await call<unknown>(p);
  if (v === null || v === undefined || (isWorkspaceView(v) && v.path === "")) return null;
  if (!isWorkspaceView(v)) throw new BridgeError("internal", "The backend sent a malformed workspace.");
  return v;
}

async function transcript(p: () => Promise<unknown>): Promise<TranscriptView> {
  const r = await call<unknown>(p);
  if (!isTranscript(r)) throw new BridgeError("internal", "The backend sent a malformed conversation.");
  return r;
}

async function sendResult(p: () => Promise<unknown>): Promise<SendResult> {
  const r = await call<unknown>(p);
  if (!isSendResult(r)) throw new BridgeError("internal", "The backend sent a malformed reply to a send.");
  return r;
}

async function undoReport(p: () => Promise<unknown>): Promise<UndoReport> {
  const r = await call<unknown>(p);
  if (!isUndoReport(r)) throw new BridgeError("internal", "The backend sent a malformed undo report.");
  return { restored: r.restored ?? [], deleted: r.deleted ?? [], conflicts: r.conflicts ?? [] };
}

async function mustWorkspace(p: () => Promise<unknown>): Promise<WorkspaceView> {
  const v = await workspace(p);
  if (!v) throw new BridgeError("invalid", "No folder was opened.");
  return v;
}

export const backend: Backend = {
  getSettings: () => call(() => Settings.GetSettings()),
  saveGlobal: (input) => call(() => Settings.SaveGlobal(input as app.GlobalInput)),
  saveProvider: (id, input) => call(() => Settings.SaveProvider(id, input as app.ProviderInput)),
  addCustomEndpoint: (name, baseUrl) => call(() => Settings.AddCustomEndpoint(name, baseUrl)),
  removeCustomEndpoint: (name) => call(() => Settings.RemoveCustomEndpoint(name)),
  setKey: (id, key) => call(() => Settings.SetKey(id, key)),
  setSessionKey: (id, key) => call(() => Settings.SetSessionKey(id, key)),
  deleteKey: (id) => call(() => Settings.DeleteKey(id)),
  testConnection: (id) => call(() => Settings.TestConnection(id)),
  listModels: async (id) => (await call<string[] | null>(() => Settings.ListModels(id))) ?? [],
  addKnowledgeFolder: () => call(() => Settings.AddKnowledgeFolder()),
  removeKnowledgeFolder: (label) => call(() => Settings.RemoveKnowledgeFolder(label)),
  detectLocal: async () => (await call<string[] | null>(() => Settings.DetectLocal())) ?? [],
  firstRun: () => call(() => Shell.FirstRun()),
  chatChoice: () => call(() => Composer.ChatChoice()),
  setChatChoice: (input) => call(() => Composer.SetChatChoice(input as app.ChatChoiceInput)),
  markFirstPaint: () => call(() => Shell.MarkFirstPaint()),
  rememberWindow: () => call(() => Shell.RememberWindow()),
  compactConversation: (conv) => call(() => Chat.CompactConversation(conv)),
  warnings: async () => (await call<string[] | null>(() => Shell.Warnings())) ?? [],
  openWorkspace: (path) => mustWorkspace(() => Project.OpenWorkspace(path)),
  chooseWorkspace: () => workspace(() => Project.ChooseWorkspace()),
  currentWorkspace: () => workspace(() => Project.CurrentWorkspace()),
  recentWorkspaces: async () => {
    const v = await call<unknown>(() => Project.RecentWorkspaces());
    return Array.isArray(v) ? v.filter(isWorkspaceView) : [];
  },
  shownConversation: () => call(() => Chat.Shown()),
  send: (conv, text) => sendResult(() => Chat.Send(conv, text)),
  sendWith: (conv, text, files) => sendResult(() => Chat.SendWith(conv, text, files)),
  storedAttachment: async (sessionId, sha256) => {
    const v = await call<{ dataUrl?: unknown }>(() => Sessions.StoredAttachment(sessionId, sha256));
    if (typeof v?.dataUrl !== "string" || !v.dataUrl.startsWith("data:")) throw new BridgeError("internal", "The backend sent a malformed attachment.");
    return v.dataUrl;
  },
  regenerate: (conv, turnId) => sendResult(() => Chat.Regenerate(conv, turnId)),
  editAndResend: (conv, turnId, text) => sendResult(() => Chat.EditAndResend(conv, turnId, text)),
  switchVersion: (conv, turnId, version) => transcript(() => Chat.SwitchVersion(conv, turnId, version)),
  forkTurn: (conv, turnId) => transcript(() => Chat.ForkTurn(conv, turnId)),
  undoTurn: (conv, turnId, force) => undoReport(() => Chat.UndoTurn(conv, turnId, force)),
  redoTurn: (conv, turnId, force) => undoReport(() => Chat.RedoTurn(conv, turnId, force)),
  stop: (conv) => call(() => Chat.Stop(conv)),
  resumeQueue: (conv) => call(() => Chat.ResumeQueue(conv)),
  removeQueued: (conv, turnId) => call(() => Chat.RemoveQueued(conv, turnId)),
  approve: (conv, requestId, d) => call(() => Chat.Approve(conv, requestId, d.kind, d.kind === "deny" ? d.note : "")),
  onChatEvent: (cb) =>
    withRuntime(() =>
      EventsOn("chat", (payload: unknown) => {
        // A malformed event is never applied (half an event would corrupt
        // the turn), but its place in the sequence is kept.
        const env = typeof payload === "object" && payload !== null ? (payload as { conversationId?: unknown; event?: unknown }) : {};
        if (typeof env.conversationId !== "string") return console.warn("hearth: dropped a chat event of no conversation");
        const e = checkChatEvent(env.event);
        if (e === null || e.type === "skipped") console.warn("hearth: dropped a malformed chat event");
        if (e !== null) cb(e, env.conversationId);
      }),
    ),
  onReleased: (cb) =>
    withRuntime(() =>
      EventsOn("released", (payload: unknown) => {
        if (Array.isArray(payload)) cb(payload.filter((id): id is string => typeof id === "string"));
      }),
    ),
  onWorkspace: (cb) =>
    withRuntime(() =>
      EventsOn("workspace", (payload: unknown) => {
        if (isWorkspaceView(payload) && payload.path !== "") cb(payload);
      }),
    ),
  onAttach: (cb) =>
    withRuntime(() =>
      EventsOn("attach", (payload: unknown) => {
        if (Array.isArray(payload) && payload.every((p) => typeof p === "string")) cb(payload);
      }),
    ),
  onNotice: (cb) => withRuntime(() => EventsOn("notice", (payload: unknown) => cb(toBridgeError(payload)))),
  openExternal: (url) => {
    if (/^(https?:|mailto:)/i.test(url)) BrowserOpenURL(url);
  },
};
