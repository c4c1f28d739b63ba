import { useCallback, useEffect, useMemo, useState, type ReactNode } from "react";
import type { Backend, ChatChoiceView } from "../../bridge";
import type { SettingsFocus } from "../../settings/focus";
import type { SessionMessage, StoredCall, StoredTodo, TranscriptView, TurnUndo } from "../../bridge/sessions";
import type { WorkspaceView } from "../../bridge/protocol";
import { StoredAttachments } from "./Attachments";
import { Composer } from "./Composer";
import { ModeSwitch } from "./ModeSwitch";
import { ContextMeter } from "./ContextMeter";
import { PermissionsDialog } from "./PermissionsDialog";
import type { PermissionsBackend } from "../../bridge/permissions";
import type { LoadStarters } from "../../bridge/starters";
import { StarterPrompts } from "./StarterPrompts";
import { ErrorNotice } from "./ErrorNotice";
import { whenIdle } from "./idle";
import { OpenLink, warmUp } from "./Markdown";
import { MessageList } from "./MessageList";
import { ModelPicker } from "./ModelPicker";
import { isStreaming, pendingApprovals } from "../state/state";
import { fromTranscript } from "../state/transcript";
import { TodoPanel } from "./TodoPanel";
import { currentTodos } from "../state/todos";
import type { TurnActions } from "./TurnView";
import { useChat } from "../hooks/useChat";
import { ConversationId, type ChatStore } from "../hooks/useConversations";
import type { FindFiles, ListResources } from "../hooks/useMention";
import type { ListCommands } from "../hooks/useSlash";
import { canSendImages } from "../state/vision";

function relativeTo(root: string, p: string): string {
  const base = root.replace(/[\\/]+$/, "");
  return p.startsWith(base + "/") || p.startsWith(base + "\\") ? p.slice(base.length + 1) : p;
}

interface Props {
  backend: Backend;
  workspace: WorkspaceView;
  onOpenSettings: (focus?: SettingsFocus) => void;
  /** where says in the header where the agent works when not the folder itself (a worktree) */
  where?: ReactNode;
  /** offers a switch of folder from the header when given */
  onChooseWorkspace?: () => void;
  /** a stored conversation to show (OpenSession's messages); remount (key) to switch */
  transcript?: SessionMessage[];
  /** what the stored turns changed (OpenSession's undo) */
  storedUndo?: Record<string, TurnUndo>;
  /** what the stored tool calls did (OpenSession's calls) */
  storedCalls?: Record<string, StoredCall>;
  /** the todo list the stored conversation was left with (OpenSession's todos) */
  storedTodos?: StoredTodo[];
  /** a turn was forked into a new conversation, now the backend's current one */
  onForked?: (t: TranscriptView) => void;
  /** the workspace file lookup behind "@" mentions (the shell bridge's findFiles) */
  findFiles?: FindFiles;
  /** the MCP servers' resources "@" also offers (Settings → MCP's bridge) */
  listResources?: ListResources;
  /** the commands the composer's "/" offers (the shell bridge's listCommands) */
  listCommands?: ListCommands;
  /** the grants and rules behind the Permissions dialog (bound methods by default) */
  perms?: PermissionsBackend;
  /** the empty chat's suggestions (the bound StarterPrompts by default) */
  starters?: LoadStarters;
  /** the conversation shown, as the backend names it ("" in tests that play one) */
  conversationId?: string;
  /** the stored session the shown conversation writes to, once known: its unsent text is kept under it too */
  session?: string | null;
  /** every held conversation's state (the window's); a store of its own when absent */
  chats?: ChatStore;
}

/** ChatView is the conversation with the agent in one workspace. */
export function ChatView({ backend, workspace, where, onOpenSettings, onChooseWorkspace, transcript, storedUndo, storedCalls, storedTodos, onForked, findFiles, listResources, listCommands, perms, starters, conversationId = "", session, chats }: Props) {
  const [permsOpen, setPermsOpen] = useState(false);
  const [initial] = useState(() => (transcript ? fromTranscript(transcript, storedUndo ?? {}, storedCalls ?? {}) : undefined));
  const { state, notice, toast, send, stop, resumeQueue, removeQueued, approve, replace, switchVersion, fork, undo, compact, dismissNotice, dismissToast } = useChat(backend, initial, conversationId, chats);
  const streaming = isStreaming(state);
  const [vision, setVision] = useState<boolean | undefined>(undefined);
  const onChoice = useCallback((v: ChatChoiceView) => setVision(canSendImages(v)), []);
  // Stored attachments are shown from the conversation they were sent in.
  const sessionId = transcript?.[0]?.session_id ?? "";
  const loadAttachment = useMemo(() => (sessionId ? (sha: string) => backend.storedAttachment(sessionId, sha) : null), [backend, sessionId]);

  const actions: TurnActions = useMemo(
    () => ({
      onAnswer: (id, d) => void approve(id, d),
      onOpenSettings,
      onRetry: (prompt) => void send(prompt),
      onReplace: replace,
      onSwitchVersion: (turnId, n) => void switchVersion(turnId, n),
      onFork: (turnId) =>
        void fork(turnId).then((t) => {
          if (t) onForked?.(t);
        }),
      onUndo: (turnId, redo) => void undo(turnId, redo),
      onCompact: () => void compact(),
      onResumeQueue: () => void resumeQueue(),
      onRemoveQueued: (turnId) => void removeQueued(turnId),
      busy: streaming,
    }),
    [approve, onOpenSettings, send, replace, switchVersion, fork, onForked, undo, compact, resumeQueue, removeQueued, streaming],
  );

  useEffect(() => whenIdle([warmUp]), []);

  // Dropped files join the message as @-mentions, relative to the workspace.
  const onAttach = useCallback(
    (cb: (paths: string[]) => void) => backend.onAttach((paths) => cb(paths.map((p) => relativeTo(workspace.path, p)))),
    [backend, workspace.path],
  );

  // Esc stops a stream wherever focus is, unless something handled it or
  // a dialog is open (there Esc means "close the dialog").
  useEffect(() => {
    if (!streaming) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented && !e.isComposing && !document.querySelector('[role="dialog"]')) {
        e.preventDefault();
        stop();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [streaming, stop]);

  return (
    <OpenLink.Provider value={backend.openExternal}>
      <ConversationId.Provider value={conversationId}>
      <StoredAttachments.Provider value={loadAttachment}>
      <section className="chat" aria-label={`Chat in ${workspace.name}`}>
        <header className="chat-header">
          <span className="chat-workspace">{workspace.name}</span>
          <span className="muted chat-path" title={workspace.path}>
            {workspace.path}
          </span>
          {where}
          <ContextMeter state={state} />
          <button type="button" className="link chat-permissions" onClick={() => setPermsOpen(true)}>
            Permissions
          </button>
          {onChooseWorkspace && (
            <button type="button" className="link chat-switch" onClick={onChooseWorkspace}>
              Open another folder…
            </button>
          )}
        </header>
        {state.order.length === 0 ? (
          <div className="chat-empty muted">
            <p>Ask anything about {workspace.name}. Hearth can read, search and edit files here, and asks before it runs commands.</p>
            <StarterPrompts onSend={(p) => void send(p)} {...(starters ? { load: starters } : {})} />
          </div>
        ) : (
          <MessageList state={state} actions={actions} />
        )}
        {toast && (
          <div className="toast chat-toast" role="status" data-testid="undo-toast">
            <p>{toast}</p>
            <button type="button" className="icon" aria-label="Dismiss notification" onClick={dismissToast}>
              ×
            </button>
          </div>
        )}
        {notice && (
          <div className="chat-notice">
            <ErrorNotice cls={notice.code} message={notice.message} onOpenSettings={onOpenSettings} />
            {notice.force && (
              <button type="button" className="danger" onClick={notice.force}>
                Overwrite them
              </button>
            )}
            <button type="button" className="link" onClick={dismissNotice}>
              Dismiss
            </button>
          </div>
        )}
        <TodoPanel items={currentTodos(state, storedTodos)} />
        <div className="composer-bar">
          <ModelPicker backend={backend} onChoice={onChoice} />
          <ModeSwitch />
        </div>
        <Composer
          streaming={streaming}
          awaitingApproval={pendingApprovals(state).length > 0}
          onSend={send}
          onStop={stop}
          findFiles={findFiles}
          listResources={listResources}
          onAttach={onAttach}
          listCommands={listCommands}
          vision={vision}
          keepAs={[conversationId, session ?? sessionId]}
        />
        {permsOpen && <PermissionsDialog onClose={() => setPermsOpen(false)} {...(perms ? { perms } : {})} />}
      </section>
      </StoredAttachments.Provider>
      </ConversationId.Provider>
    </OpenLink.Provider>
  );
}
