import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import type { Backend } from "./bridge";
import type { WorkspaceView } from "./bridge/protocol";
import { mcpBackend } from "./bridge/mcp";
import { notificationsBackend } from "./bridge/notifications";
import { processesBackend } from "./bridge/processes";
import { worktreesBackend, type WorktreeInfo, type WorktreesBackend } from "./bridge/worktrees";
import { shellBackend, type SearchHit, type ShellBackend, type TranscriptView } from "./bridge/shell";
import { trustBackend, type TrustBackend } from "./bridge/trust";
import { EmptyState } from "./chat/components/EmptyState";
import { useConversations } from "./chat/hooks/useConversations";
import { UnsentContext, UnsentDrafts } from "./chat/hooks/useUnsent";
import { useWorkspace } from "./chat/hooks/useWorkspace";
import { SearchLauncher } from "./search/SearchLauncher";
import { keyNames } from "./shell/platform";
import { useSessions } from "./sessions/useSessions";
import type { SettingsFocus } from "./settings/focus";
import type { PaletteCommand } from "./shell/CommandPalette";
import { FirstRunSetup } from "./shell/FirstRunSetup";
import { HelpOverlay } from "./shell/HelpOverlay";
import { IndexStatus } from "./shell/IndexStatus";
import { ProcessesPanel } from "./shell/ProcessesPanel";
import { Sidebar } from "./shell/Sidebar";
import { Toasts } from "./shell/Toasts";
import { TrustBanner } from "./shell/TrustBanner";
import { WarningBanner } from "./shell/WarningBanner";
import { matchShortcut, shortcuts } from "./shell/shortcuts";
import { useWindowNotifications } from "./shell/useWindowNotifications";
import { useCurrentWorktree, WorktreeBadge, WorktreesPanel } from "./worktrees/WorktreesPanel";

// Loaded when first shown, so the first paint parses none of them: the chat
// brings Markdown, highlighting and diffs; Settings, the palette (cmdk) and
// the file preview are opened now and then.
const ChatView = lazy(() => import("./chat/components/ChatView").then((m) => ({ default: m.ChatView })));
const SettingsPanel = lazy(() => import("./settings/SettingsPanel").then((m) => ({ default: m.SettingsPanel })));
const CommandPalette = lazy(() => import("./shell/CommandPalette").then((m) => ({ default: m.CommandPalette })));
const ChangesView = lazy(() => import("./worktrees/ChangesView").then((m) => ({ default: m.ChangesView })));
const SnippetPreview = lazy(() => import("./search/SnippetPreview").then((m) => ({ default: m.SnippetPreview })));

/** A global shortcut, pressed for the palette: the window's own handlers do the rest. */
function press(init: KeyboardEventInit) {
  window.dispatchEvent(new KeyboardEvent("keydown", { bubbles: true, cancelable: true, ...init }));
}

function paletteCommands(o: { workspace: boolean; newChat: () => void; chooseFolder: () => void; settings: (focus?: SettingsFocus) => void }): PaletteCommand[] {
  const out: PaletteCommand[] = [];
  if (o.workspace) {
    out.push({ id: "new-chat", label: "New chat", keys: keyNames("Ctrl/⌘ + N"), run: o.newChat });
    out.push({ id: "search", label: "Search the workspace", keys: keyNames("Ctrl/⌘ + Shift + F"), run: () => press({ key: "F", ctrlKey: true, shiftKey: true }) });
  }
  out.push(
    { id: "folder", label: "Open a folder…", run: o.chooseFolder },
    { id: "settings", label: "Open Settings", keys: keyNames("Ctrl/⌘ + ,"), run: () => o.settings() },
    { id: "settings-model", label: "Settings: default model", run: () => o.settings("model") },
    { id: "settings-key", label: "Settings: API key of the active provider", run: () => o.settings("key") },
    { id: "help", label: "Show keyboard shortcuts", keys: keyNames("Ctrl/⌘ + /"), run: () => press({ key: "/", ctrlKey: true }) },
  );
  return out;
}

export function App({
  backend,
  shell = shellBackend,
  trust = trustBackend,
  worktrees = worktreesBackend,
}: {
  backend: Backend;
  shell?: ShellBackend;
  trust?: TrustBackend;
  worktrees?: WorktreesBackend;
}) {
  // A focus opens Settings at the field that fixes a chat error (the
  // active provider's key or endpoint, the model); true opens it at the top.
  const [settingsOpen, setSettingsOpen] = useState<boolean | SettingsFocus>(false);
  const openSettings = useCallback((focus?: SettingsFocus) => setSettingsOpen(focus ?? true), []);
  const ws = useWorkspace(backend);
  const wsPath = ws.workspace?.path ?? null;
  // A new or opened conversation starts a fresh chat view, seeded with the
  // opened transcript.
  const [chatEpoch, setChatEpoch] = useState(0);
  const [preview, setPreview] = useState<SearchHit | null>(null);
  const [recent, setRecent] = useState<WorkspaceView[]>([]);
  useEffect(() => {
    if (ws.workspace) return;
    let live = true;
    backend
      .recentWorkspaces()
      .then((r) => live && setRecent(r))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [backend, ws.workspace]);
  // The transcript is kept with the folder it came from (ws.epoch), so a
  // switch of folder never seeds the new chat with it.
  const [opened, setOpened] = useState<{ epoch: number; t: TranscriptView } | null>(null);
  // Every conversation's chat state, by the id the backend gives it; the
  // shown one is rendered, the others keep receiving their events.
  const [shown, setShown] = useState<{ epoch: number; id: string } | null>(null);
  const chats = useConversations(backend, true, shown?.id);
  const dispatchChats = chats.dispatch;
  // Each conversation's unsent prompt, kept across switches for the window's life.
  const [unsent] = useState(() => new UnsentDrafts());
  // Once per folder opened (its epoch): a refreshed view of the same
  // folder must not drop the conversations' states.
  const hasFolder = ws.workspace !== null;
  useEffect(() => {
    if (!hasFolder) return;
    let live = true;
    const epoch = ws.epoch;
    dispatchChats({ type: "drop" });
    // A conversation the person opened meanwhile (this folder's epoch
    // already shown) wins over the answer, which may come late under load.
    const adopt = (id: string) => live && setShown((cur) => (cur?.epoch === epoch ? cur : { epoch, id }));
    backend
      .shownConversation()
      .then(adopt)
      .catch(() => adopt(""));
    return () => {
      live = false;
    };
  }, [backend, hasFolder, ws.epoch, dispatchChats]);
  const sessions = useSessions(shell, wsPath, {
    onOpen: (t) => {
      setOpened({ epoch: ws.epoch, t });
      if (t.conversation) setShown({ epoch: ws.epoch, id: t.conversation });
      setChatEpoch((n) => n + 1);
    },
    onNewChat: (id) => {
      setOpened(null);
      if (id) setShown({ epoch: ws.epoch, id });
      else if (shown) chats.dispatch({ type: "chat", conv: shown.id, action: { type: "reset" } });
      setChatEpoch((n) => n + 1);
    },
  });

  // The worktree the chat works in, the one under review, and a count
  // bumped when one is removed so the list is read again.
  const [tree, setTree] = useCurrentWorktree(worktrees, wsPath);
  // The backend tells where a conversation works as it shows it, before the
  // call that switched answers; until the window shows that conversation,
  // the chat still on screen works where it did.
  const shownTree = tree && tree.conversation === shown?.id ? tree : null;
  const [reviewing, setReviewing] = useState<WorktreeInfo | null>(null);
  const [treesGone, setTreesGone] = useState(0);
  const [treeError, setTreeError] = useState("");
  const freshChat = () => {
    setOpened(null);
    setChatEpoch((n) => n + 1);
  };
  const newWorktreeChat = () => {
    setTreeError("");
    const epoch = ws.epoch;
    worktrees.newConversation().then(
      (w) => {
        setTree(w);
        if (w.conversation) setShown({ epoch, id: w.conversation });
        freshChat();
      },
      (e: unknown) => setTreeError(`Could not make a worktree: ${e instanceof Error ? e.message : String(e)}`),
    );
  };
  const treeRemoved = (id: string) => {
    setReviewing(null);
    setTreesGone((n) => n + 1);
    if (tree?.id === id) {
      // The backend showed a fresh conversation in the folder instead.
      const epoch = ws.epoch;
      setTree(null);
      backend
        .shownConversation()
        .then((conv) => {
          setShown({ epoch, id: conv });
          freshChat();
        })
        .catch(() => undefined);
    }
  };

  useWindowNotifications(notificationsBackend, sessions.state.currentId, (id) => void sessions.open(id));

  const [paletteOpen, setPaletteOpen] = useState(false);
  // Once opened the palette stays mounted, keeping its state as before.
  const [paletteUsed, setPaletteUsed] = useState(false);
  if (paletteOpen && !paletteUsed) setPaletteUsed(true);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const id = matchShortcut(e);
      if (id === "settings") {
        e.preventDefault();
        setSettingsOpen(true);
      } else if (id === "palette") {
        e.preventDefault();
        setPaletteOpen((o) => !o);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <UnsentContext.Provider value={unsent}>
    <div className="shell">
      <Sidebar
        onOpenSettings={() => setSettingsOpen(true)}
        onSearch={() => press({ key: "F", ctrlKey: true, shiftKey: true })}
        sessions={wsPath ? sessions : null}
        workspace={wsPath}
        newChatBeside={
          <button type="button" className="new-worktree-chat" onClick={newWorktreeChat} title="A new conversation working in its own copy of the folder (a git worktree), whose changes you review before they land">
            New conversation in a worktree
          </button>
        }
        footer={
          <>
            <WorktreesPanel backend={worktrees} workspace={wsPath} current={shownTree} onReview={setReviewing} refresh={treesGone} />
            <ProcessesPanel backend={processesBackend} workspace={wsPath} />
            <IndexStatus shell={shell} workspace={wsPath} />
          </>
        }
      />
      <main className={ws.workspace ? "main with-chat" : "main"} aria-label="Conversation">
        <WarningBanner backend={backend} />
        <TrustBanner key={`${ws.epoch}:${shownTree?.id ?? ""}`} trust={trust} workspace={wsPath} />
        {treeError && (
          <p role="alert" className="error">
            {treeError}
          </p>
        )}
        {ws.workspace && shown?.epoch === ws.epoch ? (
          <Suspense fallback={null}>
            <ChatView
              key={`${ws.epoch}:${chatEpoch}`}
              conversationId={shown.id}
              session={sessions.state.currentId}
              chats={chats}
              backend={backend}
              workspace={ws.workspace}
              where={<WorktreeBadge tree={shownTree} onReview={setReviewing} />}
              transcript={opened?.epoch === ws.epoch ? opened.t.messages : undefined}
              storedUndo={opened?.epoch === ws.epoch ? (opened.t.undo ?? undefined) : undefined}
              storedCalls={opened?.epoch === ws.epoch ? (opened.t.calls ?? undefined) : undefined}
              storedTodos={opened?.epoch === ws.epoch ? (opened.t.todos ?? undefined) : undefined}
              onForked={sessions.adopted}
              onOpenSettings={openSettings}
              onChooseWorkspace={() => void ws.choose()}
              findFiles={shell.findFiles}
              listResources={mcpBackend.resources}
              listCommands={shell.listCommands}
            />
          </Suspense>
        ) : (
          <div>
            <EmptyState loading={ws.loading} error={ws.error} onChoose={() => void ws.choose()} recent={recent} onOpen={(p) => void ws.open(p)}>
              <FirstRunSetup backend={backend} />
            </EmptyState>
            <ul className="shortcut-list empty-state" aria-label="Keyboard shortcuts">
              {shortcuts.map((s) => (
                <li key={s.id}>
                  <kbd>{s.keys}</kbd> {s.label}
                </li>
              ))}
            </ul>
          </div>
        )}
      </main>
      {reviewing && (
        <Suspense fallback={null}>
          <ChangesView backend={worktrees} tree={reviewing} onClose={() => setReviewing(null)} onRemoved={treeRemoved} />
        </Suspense>
      )}
      {settingsOpen && (
        <Suspense fallback={null}>
          <SettingsPanel backend={backend} focus={settingsOpen === true ? undefined : settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      )}
      {paletteUsed && (
        <Suspense fallback={null}>
          <CommandPalette
            open={paletteOpen}
            onClose={() => setPaletteOpen(false)}
            commands={paletteCommands({
              workspace: wsPath !== null,
              newChat: () => void sessions.newChat(),
              chooseFolder: () => void ws.choose(),
              settings: (focus) => setSettingsOpen(focus ?? true),
            })}
            conversations={wsPath ? sessions.state.items : []}
            onOpenConversation={(id) => void sessions.open(id)}
            findFiles={wsPath ? shell.findFiles : undefined}
            onOpenFile={(p) => setPreview({ path: p, line: 0, score: 0, snippet: "" })}
            backend={backend}
          />
        </Suspense>
      )}
      <SearchLauncher shell={shell} enabled={wsPath !== null} onOpen={setPreview} />
      {preview && (
        <Suspense fallback={null}>
          <SnippetPreview shell={shell} hit={preview} onClose={() => setPreview(null)} />
        </Suspense>
      )}
      <HelpOverlay />
      {/* While a chat is shown it reports notices itself. */}
      <Toasts shell={shell} active={wsPath === null} />
    </div>
    </UnsentContext.Provider>
  );
}
