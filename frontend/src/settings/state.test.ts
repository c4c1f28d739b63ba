import { describe, expect, it } from "vitest";
import type { SettingsView } from "../bridge";
import { configured, initialState, keyStatusText, settingsReducer } from "./state";

const view: SettingsView = {
  activeProvider: "openai",
  activeModel: "",
  temperature: null,
  reasoningEffort: "medium",
  maxIterations: 50,
  approvalMode: "ask",
  modelTitles: true,
  promptProfile: "",
  maxRunning: 3, backgroundProcesses: 4,
  checkOff: false,
  checkRounds: 2,
  reopenLastWorkspace: true,
  providers: [],
  keychain: { available: true, message: "", help: "" },
  warning: "",
  knowledgeFolders: [],
  sandbox: { active: true, kind: "landlock", abi: 7, detail: "Sandboxed.", mechanism: "Landlock", containApproved: false },
};

describe("settingsReducer", () => {
  it("marks busy then saved, replacing the view and clearing busy", () => {
    let s = settingsReducer(initialState, { type: "loaded", view });
    s = settingsReducer(s, { type: "busy", id: "key:openai" });
    expect(s.busy["key:openai"]).toBe(true);
    const next = { ...view, maxIterations: 9 };
    s = settingsReducer(s, { type: "saved", id: "key:openai", view: next, text: "ok" });
    expect(s.busy["key:openai"]).toBeUndefined();
    expect(s.view?.maxIterations).toBe(9);
    expect(s.status).toEqual({ kind: "ok", text: "ok", id: "key:openai" });
  });

  it("keeps the old view on failure and records the error", () => {
    let s = settingsReducer(initialState, { type: "loaded", view });
    s = settingsReducer(s, { type: "busy", id: "global" });
    s = settingsReducer(s, { type: "failed", id: "global", message: "temperature: must be between 0 and 2" });
    expect(s.view).toBe(view);
    expect(s.status).toEqual({ kind: "error", text: "temperature: must be between 0 and 2", id: "global" });
    expect(s.busy.global).toBeUndefined();
  });

  it("one status line: a new change replaces the last outcome with Saving…", () => {
    let s = settingsReducer(initialState, { type: "failed", id: "x", message: "bad" });
    s = settingsReducer(s, { type: "busy", id: "theme" });
    expect(s.status).toEqual({ kind: "busy", text: "Saving…", id: "theme" });
  });

  it("a connection test leaves the status line alone", () => {
    let s = settingsReducer(initialState, { type: "saved", id: "global", view, text: "Saved." });
    s = settingsReducer(s, { type: "busy", id: "test:openai" });
    expect(s.status?.text).toBe("Saved.");
    expect(s.busy["test:openai"]).toBe(true);
  });

  it("a successful test fills the model list and clears its busy flag", () => {
    let s = settingsReducer(initialState, { type: "busy", id: "test:openai" });
    s = settingsReducer(s, { type: "tested", id: "openai", result: { ok: true, modelCount: 2, models: ["a", "b"], message: "" } });
    expect(s.models.openai).toEqual(["a", "b"]);
    expect(s.busy["test:openai"]).toBeUndefined();
  });

  it("a failed test keeps any model list", () => {
    let s = settingsReducer(initialState, { type: "models", id: "openai", models: ["m"] });
    s = settingsReducer(s, { type: "tested", id: "openai", result: { ok: false, modelCount: 0, models: null, kind: "bad_key", message: "no" } });
    expect(s.models.openai).toEqual(["m"]);
    expect(s.connection.openai?.ok).toBe(false);
  });
});

describe("configured", () => {
  const p = {
    id: "anthropic", name: "Anthropic", wire: "anthropic" as const, baseUrl: "https://a/v1", defaultBaseUrl: "https://a/v1",
    model: "", fastModel: "", keyStatus: "none" as const, keyEnv: "", needsKey: true, local: false, custom: false,
  };
  it.each([
    ["untouched", p, false],
    ["with a key", { ...p, keyStatus: "env" as const }, true],
    ["with a model", { ...p, model: "m" }, true],
    ["with a fast model", { ...p, fastModel: "f" }, true],
    ["moved", { ...p, baseUrl: "http://box/v1" }, true],
    ["active", { ...p, id: "openai" }, true],
  ])("%s", (_, provider, want) => expect(configured(provider, view, [])).toBe(want));
  it("a local server counts once it answers", () => {
    const ollama = { ...p, id: "ollama", local: true, needsKey: false };
    expect(configured(ollama, view, [])).toBe(false);
    expect(configured(ollama, view, ["ollama"])).toBe(true);
  });
});

describe("keyStatusText", () => {
  it.each([
    ["keychain", "", "saved in keychain"],
    ["env", "OPENAI_API_KEY", "from environment (OPENAI_API_KEY)"],
    ["session", "", "for this session only"],
    ["none", "", "not set"],
  ])("%s", (status, env, want) => expect(keyStatusText(status, env)).toBe(want));
});
