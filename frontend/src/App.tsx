import { useCallback, useEffect, useState } from "react";
import type { Backend } from "./bridge";
import { ChatView } from "./chat/ChatView";
import { EmptyState } from "./chat/EmptyState";
import { useWorkspace } from "./chat/useWorkspace";
import { SettingsPanel } from "./settings/SettingsPanel";
import { Sidebar } from "./shell/Sidebar";
import { WarningBanner } from "./shell/WarningBanner";
import { matchShortcut, shortcuts } from "./shell/shortcuts";

export function App({ backend }: { backend: Backend }) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  const ws = useWorkspace(backend);

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
      <Sidebar onOpenSettings={() => setSettingsOpen(true)} />
      <main className={ws.workspace ? "main with-chat" : "main"} aria-label="Conversation">
        <WarningBanner backend={backend} />
        {ws.workspace ? (
          <ChatView
            key={ws.epoch}
            backend={backend}
            workspace={ws.workspace}
            onOpenSettings={openSettings}
            onChooseWorkspace={() => void ws.choose()}
          />
        ) : (
          <div>
            <EmptyState loading={ws.loading} error={ws.error} onChoose={() => void ws.choose()} />
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
      {settingsOpen && <SettingsPanel backend={backend} onClose={() => setSettingsOpen(false)} />}
    </div>
  );
}
