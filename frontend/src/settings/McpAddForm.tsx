import { useState } from "react";
import type { KeyValue, McpServerForm } from "../bridge/mcp";
import { splitArgs } from "./mcpState";

interface Props {
  busy: boolean;
  /** each resolves true once the server was added */
  onAdd(form: McpServerForm): Promise<boolean>;
  onAddJSON(text: string): Promise<boolean>;
}

/** parsePairs reads "K=V" lines (env) or "K: V" lines (headers). */
export function parsePairs(text: string, sep: "=" | ":"): KeyValue[] {
  return text.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
    const i = l.indexOf(sep);
    return i < 0 ? { key: l, value: "" } : { key: l.slice(0, i).trim(), value: l.slice(i + 1).trim() };
  });
}

/**
 * McpAddForm adds a server: a command to run (stdio) or an address (http,
 * sse), or JSON pasted from another app's mcpServers. Values typed for the
 * environment or headers go to the keychain, never into mcp.json.
 */
export function McpAddForm({ busy, onAdd, onAddJSON }: Props) {
  const [mode, setMode] = useState<"form" | "json">("form");
  const [name, setName] = useState("");
  const [transport, setTransport] = useState<McpServerForm["transport"]>("stdio");
  const [command, setCommand] = useState("");
  const [url, setUrl] = useState("");
  const [pairs, setPairs] = useState("");
  const [json, setJson] = useState("");
  const stdio = transport === "stdio";

  const clear = (added: boolean) => {
    if (!added) return;
    setName("");
    setCommand("");
    setUrl("");
    setPairs("");
    setJson("");
  };
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (mode === "json") {
      void onAddJSON(json).then(clear);
      return;
    }
    const words = splitArgs(command);
    const kv = parsePairs(pairs, stdio ? "=" : ":");
    void onAdd({ name: name.trim(), transport, command: stdio ? (words[0] ?? "") : "", args: stdio ? words.slice(1) : [],
      env: stdio ? kv : [], url: stdio ? "" : url.trim(), headers: stdio ? [] : kv }).then(clear);
  };

  return (
    <form className="mcp-add" aria-labelledby="mcp-add-title" onSubmit={submit}>
      <h3 id="mcp-add-title">Add a server</h3>
      <div role="radiogroup" aria-label="How to add it">
        <label className="checkbox"><input type="radio" name="mcp-add-mode" checked={mode === "form"} onChange={() => setMode("form")} /> Fill in</label>
        <label className="checkbox"><input type="radio" name="mcp-add-mode" checked={mode === "json"} onChange={() => setMode("json")} /> Paste JSON</label>
      </div>
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
      <button type="submit" disabled={busy}>Add server</button>
    </form>
  );
}
