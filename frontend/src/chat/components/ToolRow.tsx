import { CopyButton } from "./CopyButton";
import { DiffView, looksLikeDiff } from "./DiffView";
import { redact } from "../state/redact";
import type { Allowance } from "../../bridge/protocol";
import type { ToolCall, ToolState } from "../state/state";

const stateLabel: Record<ToolState, string> = {
  running: "running",
  succeeded: "done",
  failed: "failed",
  denied: "denied",
  canceled: "canceled",
};

/** statusLabel is the row's badge: a failed command names its exit code. */
export function statusLabel(call: Pick<ToolCall, "state" | "exitCode">): string {
  if (call.state === "failed" && call.exitCode !== null) return `exit ${call.exitCode}`;
  return stateLabel[call.state];
}

function lastLine(text: string): string {
  const lines = text.replace(/\s+$/, "").split("\n");
  return lines[lines.length - 1] ?? "";
}

/** argHint is the one argument that says what a call does: its command, pattern, query or path. */
export function argHint(args: unknown): string {
  if (typeof args !== "object" || args === null) return "";
  const rec = args as Record<string, unknown>;
  const pick = ["command", "pattern", "query", "path", "url"].map((k) => rec[k]).find((v) => typeof v === "string");
  const first = typeof pick === "string" ? pick : Object.values(rec).find((v) => typeof v === "string");
  if (typeof first !== "string") return "";
  const one = redact(first).replace(/\s+/g, " ").trim();
  return one.length > 80 ? `${one.slice(0, 79)}…` : one;
}

/** mcpTool reads a tool name the model sees as mcp__<server>__<tool>; null for any other tool. */
export function mcpTool(name: string): { server: string; tool: string } | null {
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  return m?.[1] && m[2] ? { server: m[1], tool: m[2] } : null;
}

/** toolLabel is the name a person reads: an MCP tool's own name, "create_entities" for mcp__memory__create_entities. */
export function toolLabel(name: string): string {
  return mcpTool(name)?.tool ?? name;
}

/** rowLine is a finished call's summary as shown: an MCP tool by its own name (its server is beside it). */
export function rowLine(summary: string, name: string): string {
  const mcp = mcpTool(name);
  return mcp && summary.startsWith(name) ? mcp.tool + summary.slice(name.length) : summary;
}

/** ServerBadge marks a call to an MCP server with the server's initial. */
function ServerBadge({ name }: { name: string }) {
  const mcp = mcpTool(name);
  if (!mcp) return null;
  return (
    <span className="tool-server" title={`MCP server ${mcp.server}`}>
      <span className="badge" aria-hidden="true">{mcp.server.charAt(0).toUpperCase()}</span>
    </span>
  );
}

/** ServerName follows the tool's name: "create_entities · memory". */
function ServerName({ name }: { name: string }) {
  const mcp = mcpTool(name);
  if (!mcp) return null;
  return (
    <>
      {" "}
      <span className="tool-server-name muted">· {mcp.server}</span>
    </>
  );
}

/** ToolName is the tool's own name, the name the model calls it by in its tooltip. */
function ToolName({ name }: { name: string }) {
  const label = toolLabel(name);
  return (
    <span className="tool-name" title={label === name ? undefined : name}>
      {label}
    </span>
  );
}

// The permission modes by the names Settings gives them.
const modeNames: Record<string, string> = { all: "Full auto", edits: "Auto-accept edits" };

/** allowanceLabel is the chip of a call nobody was asked about: what allowed it. */
export function allowanceLabel(a: Allowance): string {
  const detail = redact(a.detail ?? "");
  switch (a.by) {
    case "rule":
      return detail ? `auto-allowed by rule ${detail}` : "auto-allowed by a rule";
    case "mode":
      return `auto-allowed by ${modeNames[detail] ?? detail} mode`;
    case "session":
      return "auto-allowed for this chat";
    case "read-only":
      return "auto-allowed: read-only";
    case "hook":
      return "auto-allowed by a hook";
  }
}

/** duration reads a measured time; under a millisecond reads "<1 ms", never "0 ms". */
export function duration(ms: number | null): string {
  if (ms === null) return "";
  if (ms < 1) return "<1 ms";
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/**
 * ToolRow: one live line while a call runs, then one human line saying what
 * happened, with the arguments and raw output behind "details".
 */
export function ToolRow({ call, awaitingApproval = false }: { call: ToolCall; awaitingApproval?: boolean }) {
  const hint = argHint(call.args);
  const mcp = mcpTool(call.name);
  const spoken = mcp ? `${mcp.tool} on ${mcp.server}` : call.name;
  if (call.state === "running" && awaitingApproval) {
    return (
      <div className="tool-live tool-waiting" role="status" aria-label={`${spoken} waits for your approval`}>
        <ServerBadge name={call.name} />
        <ToolName name={call.name} />
        <ServerName name={call.name} />
        {hint && <span className="tool-hint">{hint}</span>}
        <span className="tool-tail muted">waits for your approval below</span>
      </div>
    );
  }
  if (call.state === "running") {
    return (
      <div className="tool-live" role="status" aria-label={`Running ${spoken}`}>
        <span className="spinner" aria-hidden="true" />
        <ServerBadge name={call.name} />
        <ToolName name={call.name} />
        <ServerName name={call.name} />
        {hint && <span className="tool-hint">{hint}</span>}
        <span className="tool-tail">{lastLine(redact(call.tail))}</span>
      </div>
    );
  }
  const args = redact(JSON.stringify(call.args, null, 2) ?? "");
  const output = redact(call.output);
  const line = call.summary !== null ? rowLine(redact(call.summary), call.name) : null;
  return (
    <details className={`tool-row tool-${call.state}`} data-status={call.state}>
      <summary>
        <span className={`tool-status status-${call.state}`}>{statusLabel(call)}</span>
        <ServerBadge name={call.name} />
        {line !== null ? (
          <span className="tool-summary" title={line}>{line}</span>
        ) : (
          <>
            <ToolName name={call.name} />
            {hint && <span className="tool-hint">{hint}</span>}
          </>
        )}
        <ServerName name={call.name} />
        {call.allowedBy && (
          <span className="tool-allowed" title={call.allowedBy.by === "session" ? `granted earlier in this chat: ${call.allowedBy.detail ?? ""}` : undefined}>
            {allowanceLabel(call.allowedBy)}
          </span>
        )}
        <span className="tool-duration muted">{duration(call.durationMs)}</span>
        <span className="tool-details muted">details</span>
      </summary>
      <div className="tool-body">
        <div className="tool-section">
          <h4>Arguments</h4>
          <CopyButton text={args} label="Copy arguments" />
        </div>
        <pre className="tool-pre">{args}</pre>
        <div className="tool-section">
          <h4>Output</h4>
          <CopyButton text={output} label="Copy output" />
        </div>
        {looksLikeDiff(output) ? <DiffView diff={output} label="Changes" /> : <pre className="tool-pre">{output || "(no output)"}</pre>}
      </div>
    </details>
  );
}
