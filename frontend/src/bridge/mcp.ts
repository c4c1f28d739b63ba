// The MCP servers of Settings → MCP: their status (pushed live by the
// "mcp:changed" event), adding, removing, turning servers and tools on and
// off, signing in and importing other apps' servers. No secret's value
// ever comes back from the backend: env values and headers go one way,
// into the keychain. Kept apart from Backend so the chat's test double
// needs none of it.
import * as MCP from "../../wailsjs/go/app/MCP";
import { app } from "../../wailsjs/go/models";
import { BridgeError, call } from "./errors";
import type { Narrow, Wire } from "./wire";
import { onEvent } from "./shell";

export const MCP_STATUSES = ["connected", "connecting", "failed", "disabled", "needs-auth", "untrusted"] as const;
export type McpStatus = (typeof MCP_STATUSES)[number];

/**
 * McpTool is one tool of a server (the generated app.MCPToolView): name as
 * the server names it, modelName as the model is offered it
 * (mcp__server__tool, made by Go's mcp.ToolName: what read-only marks
 * match), tokens what its definition costs in the model's context.
 */
export type McpTool = Wire<app.MCPToolView>;

/** One server; log is the last lines of its log. */
export type McpServer = Narrow<Wire<app.MCPServerView>, { scope: "user" | "project" | "run"; status: McpStatus }>;

/** Every server; tokens is their tool definitions' cost, budgetPercent the share of the model's context they may take before being deferred. */
export type McpView = Narrow<Wire<app.MCPView>, { servers: McpServer[] }>;

export type KeyValue = Wire<app.KeyValue>;

export type McpServerForm = Narrow<Wire<app.MCPServerForm>, { transport: "stdio" | "http" | "sse" }>;

/** A server another app's file names: runs is the command's name or the URL's host, secrets the values written literally there. */
export type McpFoundServer = Wire<app.MCPFoundServerView>;

export type McpFound = Wire<app.MCPFoundView>;

/** A resource a connected server offers, attachable from the composer's "@" as "@server:uri". */
export type McpResource = Wire<app.MCPResourceView>;

export interface McpBackend {
  servers(): Promise<McpView>;
  /** the share (1–100 %) of the model's context MCP tool definitions may take before they are deferred */
  setBudget(percent: number): Promise<McpView>;
  add(form: McpServerForm): Promise<McpView>;
  addJSON(text: string): Promise<McpView>;
  /** one of the user's servers as the edit form shows it: env values and headers masked */
  config(name: string): Promise<McpServerForm>;
  /** changes a server in place (masked values left as they are stay kept) and restarts it */
  edit(name: string, form: McpServerForm): Promise<McpView>;
  remove(name: string): Promise<McpView>;
  setEnabled(name: string, enabled: boolean): Promise<McpView>;
  setToolEnabled(name: string, tool: string, enabled: boolean): Promise<McpView>;
  restart(name: string): Promise<McpView>;
  log(name: string): Promise<string[]>;
  signIn(name: string): Promise<McpView>;
  importCandidates(): Promise<McpFound[]>;
  importServers(path: string, names: string[], moveSecrets: boolean): Promise<McpView>;
  /** the connected servers' resources */
  resources(): Promise<McpResource[]>;
  /** called whenever a server's status or tools change */
  onChange(cb: () => void): () => void;
}

function isRec(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");

function isTool(v: unknown): v is McpTool {
  return isRec(v) && typeof v.name === "string" && typeof v.modelName === "string" && typeof v.description === "string" &&
    typeof v.tokens === "number" && typeof v.enabled === "boolean";
}

function isServer(v: unknown): v is McpServer {
  return isRec(v) && typeof v.name === "string" && (v.scope === "user" || v.scope === "project" || v.scope === "run") &&
    MCP_STATUSES.includes(v.status as McpStatus) && typeof v.transport === "string" && typeof v.error === "string" &&
    Array.isArray(v.tools) && v.tools.every(isTool) && typeof v.tokens === "number" && isStrings(v.log);
}

export function isMcpView(v: unknown): v is McpView {
  return isRec(v) && Array.isArray(v.servers) && v.servers.every(isServer) && typeof v.tokens === "number" &&
    typeof v.budgetPercent === "number";
}

function isFound(v: unknown): v is McpFound {
  return isRec(v) && typeof v.app === "string" && typeof v.path === "string" && Array.isArray(v.servers) &&
    v.servers.every((s) => isRec(s) && typeof s.name === "string" && typeof s.transport === "string" &&
      typeof s.runs === "string" && typeof s.secrets === "number" && typeof s.exists === "boolean");
}

const isPairs = (v: unknown): v is KeyValue[] =>
  Array.isArray(v) && v.every((p) => isRec(p) && typeof p.key === "string" && typeof p.value === "string");

function isForm(v: unknown): v is McpServerForm {
  return isRec(v) && typeof v.name === "string" && (v.transport === "stdio" || v.transport === "http" || v.transport === "sse") &&
    typeof v.command === "string" && isStrings(v.args) && isPairs(v.env) && typeof v.url === "string" && isPairs(v.headers);
}

function isResource(v: unknown): v is McpResource {
  return isRec(v) && typeof v.server === "string" && typeof v.uri === "string" && typeof v.name === "string" &&
    typeof v.mimeType === "string" && typeof v.description === "string";
}

async function view(p: () => Promise<unknown>): Promise<McpView> {
  const v = await call<unknown>(p);
  if (!isMcpView(v)) throw new BridgeError("internal", "The backend sent a malformed MCP server list.");
  return v;
}

const none: McpView = { servers: [], tokens: 0, budgetPercent: 10 };

export const mcpBackend: McpBackend = {
  // Outside the Wails window (tests, a plain browser) no server runs.
  servers: () => ("go" in window ? view(() => MCP.MCPServers()) : Promise.resolve(none)),
  add: (form) => view(() => MCP.AddMCPServer(app.MCPServerForm.createFrom(form))),
  addJSON: (text) => view(() => MCP.AddMCPServersJSON(text)),
  setBudget: (percent) => view(() => MCP.SetMCPBudget(percent)),
  config: async (name) => {
    const v = await call<unknown>(() => MCP.MCPServerConfig(name));
    if (!isForm(v)) throw new BridgeError("internal", "The backend sent a malformed server form.");
    return v;
  },
  edit: (name, form) => view(() => MCP.EditMCPServer(name, app.MCPServerForm.createFrom(form))),
  remove: (name) => view(() => MCP.RemoveMCPServer(name)),
  setEnabled: (name, on) => view(() => MCP.SetMCPServerEnabled(name, on)),
  setToolEnabled: (name, tool, on) => view(() => MCP.SetMCPToolEnabled(name, tool, on)),
  restart: (name) => view(() => MCP.RestartMCPServer(name)),
  log: async (name) => {
    const v = await call<unknown>(() => MCP.MCPServerLog(name));
    if (!isStrings(v)) throw new BridgeError("internal", "The backend sent a malformed log.");
    return v;
  },
  signIn: (name) => view(() => MCP.SignInMCPServer(name)),
  importCandidates: async () => {
    const v = await call<unknown>(() => MCP.MCPImportCandidates());
    if (!Array.isArray(v) || !v.every(isFound)) throw new BridgeError("internal", "The backend sent a malformed import list.");
    return v;
  },
  importServers: (path, names, move) => view(() => MCP.ImportMCPServers(path, names, move)),
  resources: async () => {
    if (!("go" in window)) return [];
    const v = await call<unknown>(() => MCP.MCPResources());
    if (!Array.isArray(v) || !v.every(isResource)) throw new BridgeError("internal", "The backend sent a malformed resource list.");
    return v;
  },
  onChange: (cb) => onEvent("mcp:changed", () => cb()),
};
