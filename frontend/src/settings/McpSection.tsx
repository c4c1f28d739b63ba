import { useCallback, useEffect, useReducer, useState } from "react";
import { mcpBackend, type McpBackend, type McpFound, type McpServerForm, type McpView } from "../bridge/mcp";
import { McpAddForm } from "./McpAddForm";
import { McpBudget } from "./McpBudget";
import { McpImport } from "./McpImport";
import { McpServerRow, type McpRowActions } from "./McpServerRow";
import { formatTokens, initialMcpState, mcpReducer } from "./mcpState";
import type { ReadOnlyMarks } from "./readOnly";

interface Props {
  backend?: McpBackend;
  /** the read-only marks plan mode honours, shown per tool */
  readOnly?: ReadOnlyMarks;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * McpSection is Settings → MCP: the servers with their live status, tools
 * and token cost, and adding, importing, restarting, turning off and
 * removing them.
 */
export function McpSection({ backend = mcpBackend, readOnly }: Props) {
  const [state, dispatch] = useReducer(mcpReducer, initialMcpState);
  const [found, setFound] = useState<McpFound[] | null>(null);
  const [logs, setLogs] = useState<Record<string, string[]>>({});
  const [editing, setEditing] = useState<McpServerForm | null>(null);

  useEffect(() => {
    let live = true;
    const load = () =>
      backend.servers().then(
        (view) => live && dispatch({ type: "loaded", view }),
        (e: unknown) => live && dispatch({ type: "loadFailed", error: message(e) }),
      );
    void load();
    const off = backend.onChange(() => void load());
    return () => {
      live = false;
      off();
    };
  }, [backend]);

  const run = useCallback(async (server: string, p: () => Promise<McpView>) => {
    dispatch({ type: "request", server });
    try {
      dispatch({ type: "answered", server, view: await p() });
      return true;
    } catch (e) {
      dispatch({ type: "failed", server, error: message(e) });
      return false;
    }
  }, []);

  const actions: McpRowActions = {
    toggle: (name) => dispatch({ type: "toggle", server: name }),
    restart: (name) => void run(name, () => backend.restart(name)),
    setEnabled: (name, on) => void run(name, () => backend.setEnabled(name, on)),
    remove: (name) => void run(name, () => backend.remove(name)),
    edit: (name) =>
      void backend.config(name).then(setEditing, (e: unknown) => dispatch({ type: "failed", server: name, error: message(e) })),
    signIn: (name) => void run(name, () => backend.signIn(name)),
    setToolEnabled: (name, tool, on) => void run(name, () => backend.setToolEnabled(name, tool, on)),
    fullLog: (name) =>
      void backend.log(name).then((lines) => setLogs((l) => ({ ...l, [name]: lines })),
        (e: unknown) => dispatch({ type: "failed", server: name, error: message(e) })),
  };

  const view = state.view;
  const busy = !!state.busy[""];
  return (
    <section className="mcp-section" aria-labelledby="mcp-title">
      <h3 id="mcp-title">MCP servers</h3>
      {state.loadError && <p role="alert" className="notice error">{state.loadError}</p>}
      {view && (
        <>
          <p className="muted" data-testid="mcp-budget">
            Tool definitions: {formatTokens(view.tokens)} tokens. Over {view.budgetPercent}% of the model's context they are
            loaded on demand (mcp_search).
          </p>
          <McpBudget key={view.budgetPercent} percent={view.budgetPercent} busy={busy} onSet={(n) => void run("", () => backend.setBudget(n))} />
        </>
      )}
      {view && view.servers.length === 0 && <p className="muted">No servers yet.</p>}
      {view && view.servers.length > 0 && (
        <ul className="mcp-servers">
          {view.servers.map((s) => (
            <McpServerRow key={s.name} server={s} log={logs[s.name] ?? null} expanded={!!state.expanded[s.name]} busy={!!state.busy[s.name]}
              error={state.errors[s.name] ?? ""} actions={actions} readOnly={readOnly}
              editor={editing?.name === s.name && (
                <McpAddForm key={s.name} initial={editing} busy={!!state.busy[s.name]} onCancel={() => setEditing(null)}
                  onAdd={(f) => run(s.name, () => backend.edit(s.name, f)).then((ok) => (ok && setEditing(null), ok))} />
              )} />
          ))}
        </ul>
      )}
      {state.errors[""] && <p role="alert" className="notice error">{state.errors[""]}</p>}
      <McpAddForm busy={busy} onAdd={(f) => run("", () => backend.add(f))} onAddJSON={(t) => run("", () => backend.addJSON(t))} />
      <McpImport busy={busy} found={found}
        onLook={() => backend.importCandidates().then(setFound, (e: unknown) => dispatch({ type: "failed", server: "", error: message(e) }))}
        onImport={(path, names, move) => void run("", () => backend.importServers(path, names, move)).then((ok) => ok && setFound(null))} />
    </section>
  );
}
