import { describe, expect, it } from "vitest";
import type { SettingsView } from "../bridge";
import { initialState, keyStatusText, settingsReducer } from "./state";

const view: SettingsView = {
  activeProvider: "openai",
  activeModel: "",
  temperature: null,
  reasoningEffort: "medium",
  maxIterations: 50,
  approvalMode: "ask",
  modelTitles: true,
  reopenLastWorkspace: true,
  providers: [],
  keychain: { available: true, message: "", help: "" },
  warning: "",
  knowledgeFolders: [],
  sandbox: { active: true, detail: "Landlock", containApproved: false },
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
    expect(s.notices["key:openai"]).toEqual({ kind: "ok", text: "ok" });
  });

  it("keeps the old view on failure and records the error", () => {
    let s = settingsReducer(initialState, { type: "loaded", view });
    s = settingsReducer(s, { type: "busy", id: "global" });
    s = settingsReducer(s, { type: "failed", id: "global", message: "temperature: must be between 0 and 2" });
    expect(s.view).toBe(view);
    expect(s.notices.global?.kind).toBe("error");
    expect(s.busy.global).toBeUndefined();
  });

  it("a new attempt clears the previous notice", () => {
    let s = settingsReducer(initialState, { type: "failed", id: "x", message: "bad" });
    s = settingsReducer(s, { type: "busy", id: "x" });
    expect(s.notices.x).toBeUndefined();
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

describe("keyStatusText", () => {
  it.each([
    ["keychain", "", "saved in keychain"],
    ["env", "OPENAI_API_KEY", "from environment (OPENAI_API_KEY)"],
    ["session", "", "for this session only"],
    ["none", "", "not set"],
  ])("%s", (status, env, want) => expect(keyStatusText(status, env)).toBe(want));
});
