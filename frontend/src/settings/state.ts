// Settings panel state: one pure reducer, so every transition is testable
// without a backend.
import type { ConnectionResult, SettingsView } from "../bridge";

export interface Notice {
  kind: "ok" | "error";
  text: string;
}

export interface SettingsState {
  view: SettingsView | null;
  loading: boolean;
  loadError: string | null;
  /** ids of providers (or "global", "custom") with a call in flight */
  busy: Record<string, boolean>;
  /** last outcome per provider id / section, shown beside it */
  notices: Record<string, Notice>;
  connection: Record<string, ConnectionResult>;
  models: Record<string, string[]>;
  detected: string[];
}

export const initialState: SettingsState = {
  view: null,
  loading: true,
  loadError: null,
  busy: {},
  notices: {},
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
    case "busy":
      return { ...state, busy: { ...state.busy, [action.id]: true }, notices: without(state.notices, action.id) };
    case "saved":
      return {
        ...state,
        view: action.view,
        busy: without(state.busy, action.id),
        notices: { ...state.notices, [action.id]: { kind: "ok", text: action.text } },
      };
    case "failed":
      return {
        ...state,
        view: action.view ?? state.view,
        busy: without(state.busy, action.id),
        notices: { ...state.notices, [action.id]: { kind: "error", text: action.message } },
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
