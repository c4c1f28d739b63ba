import { useCallback, useEffect, useState } from "react";
import type { Backend } from "./bridge";
import type { WorkspaceView } from "./chat/protocol";
import { shellBackend, type SearchHit, type ShellBackend, type TranscriptView } from "./bridge/shell";
import { trustBackend, type TrustBackend } from "./bridge/trust";
import { ChatView } from "./chat/ChatView";
import { EmptyState } from "./chat/EmptyState";
import { useWorkspace } from "./chat/useWorkspace";
import { SearchLauncher } from "./search/SearchLauncher";
import { SnippetPreview } from "./search/SnippetPreview";
import { useSessions } from "./sessions/useSessions";
import { SettingsPanel } from "./settings/SettingsPanel";
import { HelpOverlay } from "./shell/HelpOverlay";
import { IndexStatus } from "./shell/IndexStatus";
import { Sidebar } from "./shell/Sidebar";
import { Toasts } from "./shell/Toasts";
import { TrustBanner } from "./shell/TrustBanner";
import { WarningBanner } from "./shell/WarningBanner";
import { matchShortcut, shortcuts } from "./shell/shortcuts";

export function App({
  backend,
  shell = shellBackend,
  trust = trustBackend,
}: {
  backend: Backend;
  shell?: ShellBackend;
  trust?: TrustBackend;
}) {
  // "provider" opens Settings at the active provider (a chat error about
  // its key or endpoint); true opens it at the top.
  const [settingsOpen, setSettingsOpen] = useState<boolean | "provider">(false);
  const openSettings = useCallback(() => setSettingsOpen("provider"), []);
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
  const sessions = useSessions(shell, wsPath, {
    onOpen: (t) => {
      setOpened({ epoch: ws.epoch, t });
      setChatEpoch((n) => n + 1);
    },
    onNewChat: () => {
      setOpened(null);
      setChatEpoch((n) => n + 1);
    },
  });

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (matchShortcut(e) === "settings") {
        e.preventDefault();
        setSettingsOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <div className="shell">
      <Sidebar
        onOpenSettings={() => setSettingsOpen(true)}
        sessions={wsPath ? sessions : null}
        workspace={wsPath}
        footer={<IndexStatus shell={shell} workspace={wsPath} />}
      />
      <main className={ws.workspace ? "main with-chat" : "main"} aria-label="Conversation">
        <WarningBanner backend={backend} />
        <TrustBanner key={ws.epoch} trust={trust} workspace={wsPath} />
        {ws.workspace ? (
          <ChatView
            key={`${ws.epoch}:${chatEpoch}`}
            backend={backend}
            workspace={ws.workspace}
            transcript={opened?.epoch === ws.epoch ? opened.t.messages : undefined}
            storedUndo={opened?.epoch === ws.epoch ? (opened.t.undo ?? undefined) : undefined}
            onOpenSettings={openSettings}
            onChooseWorkspace={() => void ws.choose()}
            findFiles={shell.findFiles}
            listCommands={shell.listCommands}
          />
        ) : (
          <div>
            <EmptyState loading={ws.loading} error={ws.error} onChoose={() => void ws.choose()} recent={recent} onOpen={(p) => void ws.open(p)} />
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
      {settingsOpen && (
        <SettingsPanel backend={backend} atActiveProvider={settingsOpen === "provider"} onClose={() => setSettingsOpen(false)} />
      )}
      <SearchLauncher shell={shell} enabled={wsPath !== null} onOpen={setPreview} />
      {preview && <SnippetPreview shell={shell} hit={preview} onClose={() => setPreview(null)} />}
      <HelpOverlay />
      {/* While a chat is shown it reports notices itself. */}
      <Toasts shell={shell} active={wsPath === null} />
    </div>
  );
}
