// A real OAuth-protected MCP server on 127.0.0.1 for the Sign in flow: the
// official TypeScript SDK's authorization server (discovery, dynamic client
// registration, authorization code with PKCE; its demo provider approves
// at once) in front of a streamable-HTTP MCP server with one tool.
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";

const sdk = path.resolve(import.meta.dirname, "../../test/mcp/node_modules/@modelcontextprotocol/sdk/dist/esm");
const load = (p) => import(pathToFileURL(path.join(sdk, p)).href);

export async function startOAuthMCP() {
  const [{ default: express }, { DemoInMemoryAuthProvider }, { mcpAuthRouter, getOAuthProtectedResourceMetadataUrl }, { requireBearerAuth },
    { McpServer }, { StreamableHTTPServerTransport }] = await Promise.all([
    import(pathToFileURL(path.resolve(import.meta.dirname, "../../test/mcp/node_modules/express/index.js")).href),
    load("examples/server/demoInMemoryOAuthProvider.js"), load("server/auth/router.js"), load("server/auth/middleware/bearerAuth.js"),
    load("server/mcp.js"), load("server/streamableHttp.js"),
  ]);
  const srv = http.createServer();
  await new Promise((r) => srv.listen(0, "127.0.0.1", r));
  const base = new URL(`http://127.0.0.1:${srv.address().port}/`);
  const mcpUrl = new URL("/mcp", base);
  const provider = new DemoInMemoryAuthProvider();
  const authorized = [];
  const app = express();
  app.use((req, _res, next) => {
    if (req.path === "/authorize") authorized.push(req.originalUrl);
    next();
  });
  app.use(mcpAuthRouter({ provider, issuerUrl: base, resourceServerUrl: mcpUrl, scopesSupported: ["mcp:tools"] }));
  const bearer = requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(mcpUrl) });
  app.all("/mcp", express.json(), bearer, async (req, res) => {
    // Stateless: a server and transport per request.
    const server = new McpServer({ name: "protected", version: "1.0.0" });
    server.registerTool("whoami", { description: "Says who signed in" }, async () => ({ content: [{ type: "text", text: "signed in" }] }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
    res.on("close", () => void transport.close());
    await server.connect(transport);
    await transport.handleRequest(req, res, req.body);
  });
  srv.on("request", app);
  return { url: mcpUrl.href, authorized, close: () => new Promise((r) => { srv.closeAllConnections(); srv.close(r); }) };
}
