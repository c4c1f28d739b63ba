import { useState } from "react";
import type { McpFound } from "../bridge/mcp";

interface Props {
  busy: boolean;
  /** null until the person asks to look */
  found: McpFound[] | null;
  onLook(): void;
  onImport(path: string, names: string[], moveSecrets: boolean): void;
}

/**
 * McpImport shows the servers other apps (Claude Desktop, Claude Code,
 * Cursor, VS Code) keep, and imports only those the person picks; secrets
 * written in their files move into the keychain on the person's word.
 */
export function McpImport({ busy, found, onLook, onImport }: Props) {
  const [picked, setPicked] = useState<Record<string, boolean>>({});
  const [move, setMove] = useState(true);
  if (found === null) {
    return <button type="button" disabled={busy} onClick={onLook}>Import from other apps…</button>;
  }
  if (found.length === 0) return <p className="muted" role="status">No other app's MCP servers were found on this computer.</p>;
  const key = (path: string, name: string) => `${path}\n${name}`;
  return (
    <div className="mcp-import" aria-labelledby="mcp-import-title">
      <h3 id="mcp-import-title">Import from other apps</h3>
      {found.map((f) => {
        const names = f.servers.filter((s) => picked[key(f.path, s.name)]).map((s) => s.name);
        const secrets = f.servers.filter((s) => picked[key(f.path, s.name)]).reduce((n, s) => n + s.secrets, 0);
        return (
          <fieldset key={f.path}>
            <legend>{f.app} <span className="muted">{f.path}</span></legend>
            {f.servers.map((s) => (
              <label key={s.name} className="checkbox">
                <input type="checkbox" disabled={s.exists} checked={!!picked[key(f.path, s.name)]}
                  onChange={(e) => setPicked((p) => ({ ...p, [key(f.path, s.name)]: e.target.checked }))} />
                <span>{s.name}</span> <span className="muted">{s.transport} · {s.runs}</span>
                {s.secrets > 0 && <span className="muted"> · {s.secrets} secret(s) in the file</span>}
                {s.exists && <span className="muted"> · already yours</span>}
              </label>
            ))}
            {secrets > 0 && (
              <label className="checkbox">
                <input type="checkbox" checked={move} onChange={(e) => setMove(e.target.checked)} />
                <span>Move the {secrets} secret(s) into the keychain (Hearth writes no secret into its files; without this they are not imported)</span>
              </label>
            )}
            <button type="button" disabled={busy || names.length === 0} onClick={() => onImport(f.path, names, move)}>
              Import {names.length || ""} from {f.app}
            </button>
          </fieldset>
        );
      })}
    </div>
  );
}
