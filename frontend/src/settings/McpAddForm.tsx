import { useState } from "react";
import type { KeyValue, McpServerForm } from "../bridge/mcp";
import { joinArgs, splitArgs } from "./mcpState";

interface Props {
  busy: boolean;
  /** each resolves true once the server was added (or, editing, saved) */
  onAdd(form: McpServerForm): Promise<boolean>;
  onAddJSON?(text: string): Promise<boolean>;
  /** a server to edit, as the backend shows it (secrets masked): the form saves it in place */
  initial?: McpServerForm;
  onCancel?(): void;
}

/** parsePairs reads "K=V" lines (env) or "K: V" lines (headers). */
export function parsePairs(text: string, sep: "=" | ":"): KeyValue[] {
  return text.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
    const i = l.indexOf(sep);
    return i < 0 ? { key: l, value: "" } : { key: l.slice(0, i).trim(), value: l.slice(i + 1).trim() };
  });
}

/** writePairs shows a server's env ("K=V") or headers ("K: V") one a line, as parsePairs reads them. */
function writePairs(f: McpServerForm): string {
  return f.transport === "stdio" ? f.env.map((p) => `${p.key}=${p.value}`).join("\n") : f.headers.map((p) => `${p.key}: ${p.value}`).join("\n");
}

/**
 * McpAddForm adds a server: a command to run (stdio) or an address (http,
 * sse), or JSON pasted from another app's mcpServers; given a server, it
 * edits it. Values typed for the environment or headers go to the
 * keychain, never into mcp.json.
 */
export function McpAddForm({ busy, onAdd, onAddJSON, initial, onCancel }: Props) {
  const [mode, setMode] = useState<"form" | "json">("form");
  const [name, setName] = useState(initial?.name ?? "");
  const [transport, setTransport] = useState<McpServerForm["transport"]>(initial?.transport ?? "stdio");
  const [command, setCommand] = useState(initial ? joinArgs([initial.command, ...initial.args].filter((w, i) => i > 0 || w !== "")) : "");
  const [url, setUrl] = useState(initial?.url ?? "");
  const [pairs, setPairs] = useState(initial ? writePairs(initial) : "");
  const [json, setJson] = useState("");
  const stdio = transport === "stdio";
  const titleId = initial ? `mcp-edit-${initial.name}-title` : "mcp-add-title";

  const clear = (added: boolean) => {
    if (!added || initial) return;
    setName("");
    setCommand("");
    setUrl("");
    setPairs("");
    setJson("");
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (mode === "json" && onAddJSON) {
      void onAddJSON(json).then(clear);
      return;
    }
    const words = splitArgs(command);
    const kv = parsePairs(pairs, stdio ? "=" : ":");
    void onAdd({ name: name.trim(), transport, command: stdio ? (words[0] ?? "") : "", args: stdio ? words.slice(1) : [],
      env: stdio ? kv : [], url: stdio ? "" : url.trim(), headers: stdio ? [] : kv }).then(clear);
  };

  return (
    <form className="mcp-add" aria-labelledby={titleId} onSubmit={submit}>
      <h3 id={titleId}>{initial ? `Edit ${initial.name}` : "Add a server"}</h3>
      {initial ? (
        <p className="muted">Values shown as •••••••• stay as kept (in the keychain) unless you type new ones; a new name moves them.</p>
      ) : (
        <div role="radiogroup" aria-label="How to add it">
          <label className="checkbox"><input type="radio" name="mcp-add-mode" checked={mode === "form"} onChange={() => setMode("form")} /> Fill in</label>
          <label className="checkbox"><input type="radio" name="mcp-add-mode" checked={mode === "json"} onChange={() => setMode("json")} /> Paste JSON</label>
        </div>
      )}
      {mode === "json" ? (
        <label>
          mcpServers JSON
          <textarea rows={6} value={json} onChange={(e) => setJson(e.target.value)}
            placeholder='{"mcpServers": {"memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}}}' />
        </label>
      ) : (
        <>
          <label>Name <input value={name} onChange={(e) => setName(e.target.value)} placeholder="memory" /></label>
          <label>
            Transport
            <select value={transport} onChange={(e) => setTransport(e.target.value as McpServerForm["transport"])}>
              <option value="stdio">Command (stdio)</option>
              <option value="http">Streamable HTTP</option>
              <option value="sse">HTTP + SSE (legacy)</option>
            </select>
          </label>
          {stdio ? (
            <label>Command and arguments <input value={command} onChange={(e) => setCommand(e.target.value)} placeholder="npx -y @modelcontextprotocol/server-memory" /></label>
          ) : (
            <label>URL <input type="url" value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://example.com/mcp" /></label>
          )}
          <label>
            {stdio ? "Environment (KEY=value, one a line; kept in the keychain)" : "Headers (Name: value, one a line; kept in the keychain)"}
            <textarea rows={2} value={pairs} onChange={(e) => setPairs(e.target.value)} />
          </label>
        </>
      )}
      <button type="submit" disabled={busy}>{initial ? "Save changes" : "Add server"}</button>
      {onCancel && (
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      )}
    </form>
  );
}
