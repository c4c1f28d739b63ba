// Preferences that are not the Settings form's own fields: the theme (read
// before first paint), the MCP tools marked read-only and the web tools. Kept apart from
// Backend so the chat's test double needs none of it.
import * as Settings from "../../wailsjs/go/app/Settings";
import { call } from "./errors";
import type { SettingsView, Theme, WebInput } from "./types";

export interface PrefsBackend {
  /** the chosen theme; reads only the settings file */
  theme(): Promise<Theme>;
  setTheme(theme: Theme): Promise<SettingsView>;
  /** replaces the MCP tool names (or patterns) marked read-only */
  setReadOnlyTools(patterns: string[]): Promise<SettingsView>;
  /** web_fetch's reach and web_search's provider; a non-empty searchKey goes to the keychain */
  setWeb(input: WebInput): Promise<SettingsView>;
}

export const prefsBackend: PrefsBackend = {
  theme: async () => {
    const t = await call<string>(() => Settings.Theme());
    return t === "light" || t === "dark" ? t : "system";
  },
  setTheme: (theme) => call(() => Settings.SetTheme(theme)),
  setReadOnlyTools: (patterns) => call(() => Settings.SetReadOnlyTools(patterns)),
  setWeb: (input) => call(() => Settings.SetWeb(input)),
};
