import type { ReactNode } from "react";
import { SessionsPanel } from "../sessions/SessionsPanel";
import { keyNames } from "./platform";
import type { SessionsController } from "../sessions/useSessions";

interface Props {
  onOpenSettings: () => void;
  /** sessions is null until a workspace is open. */
  sessions?: SessionsController | null;
  workspace?: string | null;
  /** footer sits above the Settings button (the index status). */
  footer?: ReactNode;
  /** opens the workspace search (shown while a folder is open) */
  onSearch?: () => void;
  /** newChatBeside sits beside New chat (a new conversation in a worktree). */
  newChatBeside?: ReactNode;
}

export function Sidebar({ onOpenSettings, sessions = null, workspace = null, footer, onSearch, newChatBeside }: Props) {
  return (
    <nav className="sidebar" aria-label="Conversations">
      <div className="brand">
        <span className="logo" aria-hidden="true" />
        Hearth
      </div>
      {sessions && workspace ? (
        <SessionsPanel ctl={sessions} workspace={workspace} beside={newChatBeside} />
      ) : (
        <div className="sessions" aria-label="Sessions">
          <p className="muted">No conversations yet.</p>
        </div>
      )}
      {footer}
      {workspace && onSearch && (
        <button type="button" className="sidebar-settings sidebar-search" onClick={onSearch} title={keyNames("Search the workspace (Ctrl/⌘ + Shift + F)")}>
          Search files
        </button>
      )}
      <button type="button" className="sidebar-settings" onClick={onOpenSettings} title={keyNames("Settings (Ctrl/⌘ + ,)")}>
        Settings
      </button>
    </nav>
  );
}
