import { useCallback, useEffect, useMemo, useReducer } from "react";
import { BridgeError, type Backend, type GlobalInput, type ProviderInput, type SettingsView, type Theme, type WebInput } from "../bridge";
import { prefsBackend, type PrefsBackend } from "../bridge/prefs";
import { applyTheme } from "../theme";
import { initialState, settingsReducer } from "./state";

function message(e: unknown): string {
  return e instanceof BridgeError || e instanceof Error ? e.message : String(e);
}

/** useSettings owns the Settings panel's state and its calls to the backend. */
export function useSettings(backend: Backend, prefs: PrefsBackend = prefsBackend) {
  const [state, dispatch] = useReducer(settingsReducer, initialState);

  useEffect(() => {
    let live = true;
    backend
      .getSettings()
      .then((view) => live && dispatch({ type: "loaded", view }))
      .catch((e: unknown) => live && dispatch({ type: "loadFailed", message: message(e) }));
    backend
      .detectLocal()
      .then((ids) => live && dispatch({ type: "detected", ids }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [backend]);

  const run = useCallback(
    async (id: string, okText: string, fn: () => Promise<SettingsView>) => {
      dispatch({ type: "busy", id });
      try {
        dispatch({ type: "saved", id, view: await fn(), text: okText });
        return true;
      } catch (e) {
        dispatch({ type: "failed", id, message: message(e) });
        return false;
      }
    },
    [],
  );

  // Stable across renders, so effects may depend on an action.
  const actions = useMemo(() => ({
    saveGlobal: (input: GlobalInput) => run("global", "Saved.", () => backend.saveGlobal(input)),
    saveProvider: (id: string, input: ProviderInput) => run(id, "Saved.", () => backend.saveProvider(id, input)),
    setKey: (id: string, key: string) => run(`key:${id}`, "Key saved in the keychain.", () => backend.setKey(id, key)),
    setSessionKey: (id: string, key: string) =>
      run(`key:${id}`, "Key kept for this session only.", () => backend.setSessionKey(id, key)),
    deleteKey: (id: string) => run(`key:${id}`, "Key deleted.", () => backend.deleteKey(id)),
    addCustom: (name: string, baseUrl: string) =>
      run("custom", `Added ${name}.`, () => backend.addCustomEndpoint(name, baseUrl)),
    removeCustom: (name: string) => run("custom", `Removed ${name}.`, () => backend.removeCustomEndpoint(name)),
    addFolder: () => run("folders", "Saved: the index is rebuilding with it.", () => backend.addKnowledgeFolder()),
    removeFolder: (label: string) => run("folders", `Removed ${label}.`, () => backend.removeKnowledgeFolder(label)),
    /** paints the theme at once, then saves it */
    setTheme: (theme: Theme) => {
      applyTheme(theme);
      return run("theme", "Saved.", () => prefs.setTheme(theme));
    },
    setReadOnlyTools: (patterns: string[]) => run("readOnly", "Saved.", () => prefs.setReadOnlyTools(patterns)),
    setWeb: (input: WebInput) => run("web", "Saved.", () => prefs.setWeb(input)),
    testConnection: async (id: string) => {
      dispatch({ type: "busy", id: `test:${id}` });
      try {
        dispatch({ type: "tested", id, result: await backend.testConnection(id) });
      } catch (e) {
        dispatch({ type: "tested", id, result: { ok: false, modelCount: 0, models: null, message: message(e) } });
      }
    },
    loadModels: async (id: string) => {
      try {
        dispatch({ type: "models", id, models: await backend.listModels(id) });
      } catch {
        // Unreachable provider: the model field stays free text.
      }
    },
  }), [backend, prefs, run]);
  return { state, actions };
}

export type SettingsActions = ReturnType<typeof useSettings>["actions"];
