// Settings panel state: one pure reducer, so every transition is testable
// without a backend.
import type { ConnectionResult, SettingsView } from "../bridge";

/** The panel's one status line: the last change being saved, saved or refused. */
export interface Notice {
  kind: "busy" | "ok" | "error";
  text: string;
  /** what the change was to ("global", "key:openai", "theme"…) */
  id: string;
}

export interface SettingsState {
  view: SettingsView | null;
  loading: boolean;
  loadError: string | null;
  /** ids of providers (or "global", "custom") with a call in flight */
  busy: Record<string, boolean>;
  status: Notice | null;
  connection: Record<string, ConnectionResult>;
  models: Record<string, string[]>;
  detected: string[];
}

export const initialState: SettingsState = {
  view: null,
  loading: true,
  loadError: null,
  busy: {},
  status: null,
  connection: {},
  models: {},
  detected: [],
};

export type SettingsAction =
  | { type: "loaded"; view: SettingsView }
  | { type: "loadFailed"; message: string }
  | { type: "busy"; id: string }
  | { type: "saved"; id: string; view: SettingsView; text: string }
  | { type: "failed"; id: string; message: string; view?: SettingsView }
  | { type: "tested"; id: string; result: ConnectionResult }
  | { type: "models"; id: string; models: string[] }
  | { type: "detected"; ids: string[] };

function without<T>(rec: Record<string, T>, key: string): Record<string, T> {
  return Object.fromEntries(Object.entries(rec).filter(([k]) => k !== key));
}

export function settingsReducer(state: SettingsState, action: SettingsAction): SettingsState {
  switch (action.type) {
    case "loaded":
      return { ...state, view: action.view, loading: false, loadError: null };
    case "loadFailed":
      return { ...state, loading: false, loadError: action.message };
    case "busy": {
      const busy = { ...state.busy, [action.id]: true };
      // A connection test reports beside its provider, not on the status line.
      if (action.id.startsWith("test:")) return { ...state, busy };
      return { ...state, busy, status: { kind: "busy", text: "Saving…", id: action.id } };
    }
    case "saved":
      return { ...state, view: action.view, busy: without(state.busy, action.id), status: { kind: "ok", text: action.text, id: action.id } };
    case "failed":
      return {
        ...state,
        view: action.view ?? state.view,
        busy: without(state.busy, action.id),
        status: { kind: "error", text: action.message, id: action.id },
      };
    case "tested":
      return {
        ...state,
        busy: without(state.busy, `test:${action.id}`),
        connection: { ...state.connection, [action.id]: action.result },
        models: action.result.ok && action.result.models ? { ...state.models, [action.id]: action.result.models } : state.models,
      };
    case "models":
      return { ...state, models: { ...state.models, [action.id]: action.models } };
    case "detected":
      return { ...state, detected: action.ids };
  }
}

export function keyStatusText(status: string, keyEnv: string): string {
  switch (status) {
    case "keychain":
      return "saved in keychain";
    case "session":
      return "for this session only";
    case "env":
      return keyEnv ? `from environment (${keyEnv})` : "from environment";
    default:
      return "not set";
  }
}

/**
 * configured says whether a provider belongs in the list without "Add
 * provider": it is active, has a key or a model, is custom, or answers locally.
 */
export function configured(p: SettingsView["providers"][number], view: SettingsView, detected: string[]): boolean {
  return (
    p.id === view.activeProvider ||
    p.custom ||
    p.keyStatus !== "none" ||
    p.model !== "" ||
    (p.fastModel ?? "") !== "" ||
    p.baseUrl !== p.defaultBaseUrl ||
    (p.local && detected.includes(p.id))
  );
}
