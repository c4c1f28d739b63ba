// The settings and first-run shapes the Go facade (package app) sends: the
// generated Wails models (see wire.ts), with the few strings the UI relies
// on being one of a known set narrowed to that set.
import type { app } from "../../wailsjs/go/models";
import type { Narrow, Wire } from "./wire";

export type KeyStatus = "keychain" | "session" | "env" | "none";
export type ReasoningEffort = "off" | "low" | "medium" | "high";
export type ApprovalMode = "ask" | "edits" | "auto";
export type Theme = "system" | "light" | "dark";

/** A provider as Settings shows it; fastModel is the model for side work (explore subagent, titles), "" uses model. */
export type ProviderView = Narrow<Wire<app.ProviderView>, { wire: "openai" | "anthropic"; keyStatus: KeyStatus }>;

export type KeychainView = Wire<app.KeychainView>;

/**
 * Settings as the form shows them. modelTitles: the active model names each
 * conversation after its first exchange; readOnlyTools: the MCP tool names
 * and patterns plan mode may run.
 */
export type SettingsView = Narrow<
  Wire<app.SettingsView>,
  {
    temperature: number | null;
    reasoningEffort: ReasoningEffort;
    approvalMode: ApprovalMode;
    providers: ProviderView[];
    theme?: Theme;
    readOnlyTools?: string[] | null;
    updateCheck?: boolean;
    offline?: boolean;
    web?: WebView;
    notifications?: Wire<app.NotificationsView>;
  }
>;

/** How the agent reaches the web: local addresses for web_fetch, web_search's provider ("" is off). */
export type WebView = Narrow<Wire<app.WebView>, { searchProvider: SearchProvider }>;
export type SearchProvider = "" | "searxng" | "brave";
/** The web settings to save; searchKey (Brave's), when not empty, goes to the keychain and is never read back. */
export type WebInput = Narrow<Wire<app.WebInput>, { searchProvider: SearchProvider }>;

/** Which protection contains shell commands on this machine. */
export type SandboxView = Wire<app.SandboxView>;

export type KnowledgeFolderView = Wire<app.KnowledgeFolderView>;

/** The form's global fields; reopenLastWorkspace absent leaves it as it is. */
export type GlobalInput = Narrow<
  Wire<app.GlobalInput>,
  { temperature: number | null; reasoningEffort: ReasoningEffort; approvalMode: ApprovalMode }
>;

/** fastModel absent leaves the fast model as it is; "" uses model. */
export type ProviderInput = Wire<app.ProviderInput>;

/** The composer picker: what the conversation's next turn uses, and the providers to pick from. */
export type ChatChoiceView = Narrow<
  Wire<app.ChatChoiceView>,
  { effort: ReasoningEffort; mode: ApprovalMode; providers: Wire<app.ChoiceProvider>[] | null; vision?: boolean; visionKnown?: boolean }
>;

/** Sets the conversation's choice; an empty field follows Settings. */
export type ChatChoiceInput = Narrow<Wire<app.ChatChoiceInput>, { effort: ReasoningEffort | ""; mode: ApprovalMode | "" }>;

/** A provider the first-run setup offers; found ("running", "env", "keychain", "session" or "") says why it comes first. */
export type SetupOption = Narrow<Wire<app.SetupOption>, { models: string[] | null }>;

/** The empty window's setup: ready when the active provider can answer now. */
export type FirstRunView = Narrow<Wire<app.FirstRunView>, { options: SetupOption[] | null }>;

export type ConnectionResult = Narrow<Wire<app.ConnectionResult>, { models: string[] | null }>;

/** A file sent with a prompt: its name and base64 bytes (the Go side checks and fits them). */
export type FileInput = Wire<app.FileInput>;

/** What compacting the conversation did, in messages. */
export type CompactResult = Wire<app.CompactResult>;
