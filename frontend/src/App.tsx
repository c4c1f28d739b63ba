import { useEffect, useState } from "react";
import type { Backend } from "./bridge";
import { SettingsPanel } from "./settings/SettingsPanel";
import { Sidebar } from "./shell/Sidebar";
import { WarningBanner } from "./shell/WarningBanner";
import { matchShortcut, shortcuts } from "./shell/shortcuts";

export function App({ backend }: { backend: Backend }) {
  const [settingsOpen, setSettingsOpen] = useState(false);

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
      <main className="main" aria-label="Conversation">
        <WarningBanner backend={backend} />
        <div className="empty-state">
          <h1>Hearth</h1>
          <p>Your local project agent.</p>
          <ul className="shortcut-list" aria-label="Keyboard shortcuts">
            {shortcuts.map((s) => (
              <li key={s.id}>
                <kbd>{s.keys}</kbd> {s.label}
              </li>
            ))}
          </ul>
        </div>
      </main>
      {settingsOpen && <SettingsPanel backend={backend} onClose={() => setSettingsOpen(false)} />}
    </div>
  );
}
