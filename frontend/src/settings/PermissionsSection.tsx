import { SandboxStatus } from "./SandboxStatus";
import { X } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { ApprovalMode, SettingsView } from "../bridge";
import { saveField } from "./globalInput";
import { IconButton } from "./IconButton";
import type { SettingsActions } from "./useSettings";

const approvals: { value: ApprovalMode; label: string }[] = [
  { value: "ask", label: "Ask before edits and commands" },
  { value: "edits", label: "Auto-accept edits" },
  { value: "auto", label: "Full auto" },
];

/**
 * PermissionsSection: when Hearth asks, whether approved commands are
 * contained, and the MCP tools marked read-only (the only ones plan mode runs).
 */
export function PermissionsSection({ view, actions }: { view: SettingsView; actions: SettingsActions }) {
  const marks = view.readOnlyTools ?? [];
  const [draft, setDraft] = useState("");
  const add = async (e: FormEvent) => {
    e.preventDefault();
    const p = draft.trim();
    if (p && (await actions.setReadOnlyTools([...marks, p]))) setDraft("");
  };
  return (
    <div className="settings-fields">
      <div className="setting">
        <label htmlFor="approval">Approvals</label>
        <select id="approval" value={view.approvalMode} onChange={(e) => void saveField(view, actions, { approvalMode: e.target.value as ApprovalMode })}>
          {approvals.map((a) => (
            <option key={a.value} value={a.value}>
              {a.label}
            </option>
          ))}
        </select>
      </div>
      <div className="setting">
        <span className="setting-label">Command sandbox</span>
        <p className="hint" id="sandbox-status">
          <SandboxStatus sandbox={view.sandbox} />
        </p>
        {view.sandbox.active && (
          <label className="checkbox">
            <input
              id="contain-approved"
              type="checkbox"
              checked={view.sandbox.containApproved}
              onChange={(e) => void saveField(view, actions, { containApproved: e.target.checked })}
            />
            Also contain commands I approve (they may then write only inside the workspace)
          </label>
        )}
      </div>
      <section className="setting" aria-labelledby="readonly-title">
        <h3 id="readonly-title">Read-only MCP tools</h3>
        <p className="hint">
          Plan mode runs only tools that cannot change anything. Mark the MCP tools that only read (a name, or a pattern
          such as <code>mcp__github__get_*</code>); each server's tools can also be marked under MCP.
        </p>
        {marks.length > 0 ? (
          <ul className="chip-list" aria-label="Read-only MCP tools">
            {marks.map((m) => (
              <li key={m} className="chip">
                <code>{m}</code>
                <IconButton label={`Unmark ${m}`} onClick={() => void actions.setReadOnlyTools(marks.filter((x) => x !== m))}>
                  <X size={14} aria-hidden="true" />
                </IconButton>
              </li>
            ))}
          </ul>
        ) : (
          <p className="hint">No MCP tool is marked read-only.</p>
        )}
        <form className="row" onSubmit={(e) => void add(e)}>
          <label className="sr-only" htmlFor="readonly-new">
            Tool name or pattern
          </label>
          <input id="readonly-new" placeholder="mcp__server__tool or mcp__server__get_*" value={draft} onChange={(e) => setDraft(e.target.value)} />
          <button type="submit" disabled={!draft.trim()}>
            Mark read-only
          </button>
        </form>
      </section>
    </div>
  );
}
