import "./McpWaitingNotice.css";

/** McpWaitingNotice says the running turn waits for MCP servers still connecting. */
export function McpWaitingNotice({ servers }: { servers: string[] }) {
  const names = servers.join(", ");
  return (
    <p className="mcp-waiting-notice" role="status">
      Waiting for MCP {servers.length === 1 ? "server" : "servers"} {names} to connect…
    </p>
  );
}
