// The shapes the Go facade (package app) sends. Owned here rather than taken
// from the generated Wails models so no generated `any` leaks into the UI.

export type KeyStatus = "keychain" | "session" | "env" | "none";
export type ReasoningEffort = "off" | "low" | "medium" | "high";
export type ApprovalMode = "ask" | "edits" | "auto";

export interface ProviderView {
  id: string;
  name: string;
  wire: "openai" | "anthropic";
  baseUrl: string;
  defaultBaseUrl: string;
  model: string;
  /** the model for side work (explore subagent, titles); "" uses model */
  fastModel?: string;
  keyStatus: KeyStatus;
  keyEnv: string;
  needsKey: boolean;
  local: boolean;
  custom: boolean;
}

export interface KeychainView {
  available: boolean;
  message: string;
  help: string;
}

export interface SettingsView {
  activeProvider: string;
  activeModel: string;
  temperature: number | null;
  reasoningEffort: ReasoningEffort;
  maxIterations: number;
  approvalMode: ApprovalMode;
  /** the active model names each conversation after its first exchange */
  modelTitles: boolean;
  /** the last folder opens when the app starts */
  reopenLastWorkspace: boolean;
  providers: ProviderView[];
  keychain: KeychainView;
  warning: string;
  knowledgeFolders: KnowledgeFolderView[];
  sandbox: SandboxView;
  /** the window's colour scheme */
  theme?: Theme;
  /** MCP tool names and patterns marked read-only: the only MCP tools plan mode runs */
  readOnlyTools?: string[] | null;
}

export type Theme = "system" | "light" | "dark";

/** Which protection contains shell commands on this machine. */
export interface SandboxView {
  active: boolean;
  detail: string;
  containApproved: boolean;
}

export interface KnowledgeFolderView {
  label: string;
  path: string;
}

export interface GlobalInput {
  activeProvider: string;
  activeModel: string;
  temperature: number | null;
  reasoningEffort: ReasoningEffort;
  maxIterations: number;
  approvalMode: ApprovalMode;
  modelTitles: boolean;
  /** run approved commands in the sandbox too */
  containApproved: boolean;
  /** open the last folder at start; absent leaves it as it is */
  reopenLastWorkspace?: boolean;
}

export interface ProviderInput {
  baseUrl: string;
  model: string;
  /** absent leaves the fast model as it is; "" uses model */
  fastModel?: string;
}

/** The composer picker: what the conversation's next turn uses, and the providers to pick from. */
export interface ChatChoiceView {
  provider: string;
  model: string;
  effort: ReasoningEffort;
  mode: ApprovalMode;
  providers: { id: string; name: string; local: boolean }[] | null;
  /** the model is known to take images (absent from older backends) */
  vision?: boolean;
}

/** Sets the conversation's choice; an empty field follows Settings. */
export interface ChatChoiceInput {
  provider: string;
  model: string;
  effort: ReasoningEffort | "";
  mode: ApprovalMode | "";
}

/** A provider the first-run setup offers; found says why it comes first. */
export interface SetupOption {
  id: string;
  name: string;
  local: boolean;
  needsKey: boolean;
  keyEnv: string;
  /** "running" (a local server answered), "env", "keychain", "session", or "" */
  found: string;
  detail: string;
  models: string[] | null;
  defaultModel: string;
}

/** The empty window's setup: ready when the active provider can answer now. */
export interface FirstRunView {
  ready: boolean;
  active: string;
  options: SetupOption[] | null;
}

export interface ConnectionResult {
  ok: boolean;
  modelCount: number;
  models: string[] | null;
  kind?: string;
  message: string;
}
