export function Sidebar({ onOpenSettings }: { onOpenSettings: () => void }) {
  return (
    <nav className="sidebar" aria-label="Conversations">
      <div className="brand">
        <span className="logo" aria-hidden="true" />
        Hearth
      </div>
      <div className="sessions" aria-label="Sessions">
        <p className="muted">No conversations yet.</p>
      </div>
      <button type="button" className="sidebar-settings" onClick={onOpenSettings} title="Settings (Ctrl/⌘ + ,)">
        Settings
      </button>
    </nav>
  );
}
