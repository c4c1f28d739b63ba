import type { ReactNode } from "react";
import type { McpServer } from "../bridge/mcp";
import { formatTokens, STATUS_LABEL } from "./mcpState";
import { isMarked, toggleMark, type ReadOnlyMarks } from "./readOnly";

export interface McpRowActions {
  toggle(name: string): void;
  restart(name: string): void;
  setEnabled(name: string, on: boolean): void;
  remove(name: string): void;
  /** opens the add form filled in with the server, to change it in place */
  edit(name: string): void;
  signIn(name: string): void;
  setToolEnabled(name: string, tool: string, on: boolean): void;
  /** fetches the server's whole log (the list carries its last lines) */
  fullLog(name: string): void;
}

interface Props {
  server: McpServer;
  /** the whole log once fetched, else null */
  log: string[] | null;
  expanded: boolean;
  busy: boolean;
  error: string;
  actions: McpRowActions;
  readOnly?: ReadOnlyMarks;
  /** the edit form, while this server is being edited */
  editor?: ReactNode;
}

const BADGE: Record<McpServer["status"], string> = {
  connected: "ok", connecting: "", failed: "error", disabled: "muted", "needs-auth": "warning", untrusted: "warning",
};

/** McpServerRow is one server: its state in a line, tools and log when expanded. */
export function McpServerRow({ server: s, log, expanded, busy, error, actions, readOnly, editor }: Props) {
  const lines = log ?? s.log;
  const id = `mcp-${s.name}`;
  const enabled = s.tools.filter((t) => t.enabled).length;
  const user = s.scope === "user";
  return (
    <li className="mcp-server" data-testid={id} data-status={s.status}>
      <div className="mcp-server-line">
        <button type="button" className="link" aria-label={`Details of ${s.name}`} aria-expanded={expanded} aria-controls={`${id}-details`}
          onClick={() => actions.toggle(s.name)}>
          {expanded ? "▾" : "▸"} <strong>{s.name}</strong>
        </button>
        <span className={`badge ${BADGE[s.status]}`} role="status" aria-label={`${s.name}: ${STATUS_LABEL[s.status]}`}>
          {STATUS_LABEL[s.status]}
        </span>
        <span className="muted">{s.transport}</span>
        <span className="muted">{s.scope === "project" ? "project" : "yours"}</span>
        <span className="muted" data-testid={`${id}-tools`}>{enabled} tools</span>
        <span className="muted" title="what its tool definitions cost in the model's context">{formatTokens(s.tokens)} tokens</span>
      </div>
      <div className="mcp-server-actions">
        {s.status === "needs-auth" && (
          <button type="button" disabled={busy} onClick={() => actions.signIn(s.name)}>Sign in to {s.name}</button>
        )}
        {s.status !== "untrusted" && s.status !== "disabled" && (
          <button type="button" disabled={busy} aria-label={`Restart ${s.name}`} onClick={() => actions.restart(s.name)}>Restart</button>
        )}
        {s.status !== "untrusted" && (
          <button type="button" disabled={busy} aria-label={`${s.status === "disabled" ? "Enable" : "Disable"} ${s.name}`}
            onClick={() => actions.setEnabled(s.name, s.status === "disabled")}>
            {s.status === "disabled" ? "Enable" : "Disable"}
          </button>
        )}
        {user && (
          <button type="button" disabled={busy || !!editor} aria-label={`Edit ${s.name}`} onClick={() => actions.edit(s.name)}>Edit</button>
        )}
        {user && (
          <button type="button" disabled={busy} aria-label={`Remove ${s.name}`} onClick={() => actions.remove(s.name)}>Remove</button>
        )}
      </div>
      {s.error && s.status !== "connected" && <p className="notice error">{s.error}</p>}
      {s.status === "untrusted" && <p className="muted">This folder's .mcp.json starts it once you trust the folder.</p>}
      {error && <p role="alert" className="notice error">{error}</p>}
      {editor}
      {expanded && (
        <div id={`${id}-details`} className="mcp-server-details">
          {s.tools.length > 0 && (
            <fieldset>
              <legend>Tools offered to the model</legend>
              {s.tools.map((t) => (
                <label key={t.name} className="checkbox" title={t.description}>
                  <input type="checkbox" checked={t.enabled} disabled={busy || !user}
                    onChange={(e) => actions.setToolEnabled(s.name, t.name, e.target.checked)} />
                  <span>{t.name}</span>
                  {t.enabled && <span className="muted"> {formatTokens(t.tokens)} tokens</span>}
                </label>
              ))}
            </fieldset>
          )}
          {readOnly && s.tools.length > 0 && (
            <fieldset className="mcp-readonly">
              <legend>Read-only (plan mode may run them)</legend>
              {s.tools.map((t) => {
                const name = t.modelName;
                const marked = isMarked(readOnly.marks, name);
                const byPattern = marked && !readOnly.marks.includes(name);
                return (
                  <label key={t.name} className="checkbox">
                    <input type="checkbox" checked={marked} disabled={byPattern}
                      onChange={(e) => void readOnly.set(toggleMark(readOnly.marks, name, e.target.checked))} />
                    <span>{t.name} is read-only</span>
                    {byPattern && <span className="muted"> (by a pattern under Permissions)</span>}
                  </label>
                );
              })}
            </fieldset>
          )}
          <div className="mcp-server-line">
            <h4 id={`${id}-log`}>Log</h4>
            <button type="button" className="link" aria-label={`Show the whole log of ${s.name}`} onClick={() => actions.fullLog(s.name)}>
              Whole log
            </button>
          </div>
          <pre className="mcp-log" aria-labelledby={`${id}-log`} tabIndex={0}>{lines.length ? lines.join("\n") : "(empty)"}</pre>
        </div>
      )}
    </li>
  );
}
