import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Backend, FirstRunView, SettingsView } from "../bridge";
import { BridgeError } from "../bridge";
import { FirstRunSetup, preferredModel } from "./FirstRunSetup";

const view: FirstRunView = {
  ready: false,
  active: "openai",
  options: [
    { id: "ollama", name: "Ollama", local: true, needsKey: false, keyEnv: "", found: "running", detail: "Ollama is running with 2 models", models: ["nomic-embed-text", "qwen3:8b"], defaultModel: "", installUrl: "" },
    { id: "lmstudio", name: "LM Studio", local: true, needsKey: false, keyEnv: "", found: "", detail: "not found on this machine — install it first", models: [], defaultModel: "", installUrl: "https://lmstudio.ai/download" },
    { id: "openai", name: "OpenAI", local: false, needsKey: true, keyEnv: "OPENAI_API_KEY", found: "", detail: "", models: [], defaultModel: "gpt-5", installUrl: "" },
  ],
};

const settings = {
  activeProvider: "openai", activeModel: "", temperature: null, reasoningEffort: "medium", maxIterations: 50, approvalMode: "ask",
  modelTitles: true, promptProfile: "", maxRunning: 3, backgroundProcesses: 4, reopenLastWorkspace: true, checkOff: false, checkRounds: 2, providers: [], keychain: { available: true, message: "", help: "" }, warning: "",
  knowledgeFolders: [], sandbox: { active: true, kind: "landlock", abi: 7, detail: "Sandboxed.", mechanism: "Landlock", containApproved: false },
} as SettingsView;

function backend(over: Partial<Backend> = {}): Backend {
  return {
    firstRun: vi.fn().mockResolvedValue(view),
    getSettings: vi.fn().mockResolvedValue(settings),
    saveGlobal: vi.fn().mockResolvedValue(settings),
    setKey: vi.fn().mockResolvedValue(settings),
    listModels: vi.fn().mockResolvedValue(["gpt-4.1", "gpt-5"]),
    testConnection: vi.fn().mockResolvedValue({ ok: true, modelCount: 2, models: [], message: "Connected: 2 models available." }),
    ...over,
  } as unknown as Backend;
}

async function flush() {
  await act(async () => {
    await Promise.resolve();
  });
}

describe("FirstRunSetup", () => {
  it("offers the running server first and saves its first chat model", async () => {
    const b = backend();
    const onDone = vi.fn();
    render(<FirstRunSetup backend={b} onDone={onDone} />);
    await flush();
    const first = screen.getAllByRole("button")[0];
    expect(first?.textContent).toContain("Ollama is running with 2 models");
    if (first) fireEvent.click(first);
    await flush();
    const select = screen.getByLabelText("Ollama model") as HTMLSelectElement;
    expect(select.value).toBe("qwen3:8b");
    expect(document.activeElement).toBe(select);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Use qwen3:8b" }));
    });
    expect(b.saveGlobal).toHaveBeenCalledWith(expect.objectContaining({ activeProvider: "ollama", activeModel: "qwen3:8b" }));
    expect(onDone).toHaveBeenCalledWith("ollama", "qwen3:8b");
    expect(screen.getByTestId("setup-done").textContent).toContain("Ready: Ollama · qwen3:8b");
  });

  it("says a local server was not found and links to its installer, never claiming it runs", async () => {
    const b = backend();
    const openExternal = vi.fn();
    render(<FirstRunSetup backend={{ ...b, openExternal }} onDone={vi.fn()} />);
    await flush();
    const lms = screen.getByRole("button", { name: /LM Studio not found/ });
    expect(lms.textContent).not.toContain("runs on this machine");
    fireEvent.click(screen.getByRole("button", { name: "How to install LM Studio" }));
    expect(openExternal).toHaveBeenCalledWith("https://lmstudio.ai/download");
    expect(screen.queryByRole("button", { name: "How to install Ollama" })).toBeNull();
  });

  it("takes a key for a cloud provider and sends a rejected key back to its field, focused", async () => {
    const b = backend({ listModels: vi.fn().mockRejectedValueOnce(new BridgeError("bad_key", "OpenAI rejected the API key (HTTP 401).")) });
    render(<FirstRunSetup backend={b} />);
    await flush();
    fireEvent.click(screen.getByRole("button", { name: /OpenAI/ }));
    const key = screen.getByLabelText("OpenAI API key");
    expect(document.activeElement).toBe(key);
    fireEvent.change(key, { target: { value: "sk-wrong" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save key" }));
    });
    expect(b.setKey).toHaveBeenCalledWith("openai", "sk-wrong");
    expect(screen.getByRole("alert").textContent).toContain("rejected the API key");
    expect(document.activeElement).toBe(screen.getByLabelText("OpenAI API key"));
  });

  it("shows nothing when the active provider is ready", async () => {
    const { container } = render(<FirstRunSetup backend={backend({ firstRun: vi.fn().mockResolvedValue({ ...view, ready: true }) })} />);
    await flush();
    expect(container.textContent).toBe("");
  });

  it("prefers the provider's default model when it is served", () => {
    expect(preferredModel(["gpt-4.1", "gpt-5"], "gpt-5")).toBe("gpt-5");
    expect(preferredModel(["nomic-embed-text", "llama3.2"], "")).toBe("llama3.2");
    expect(preferredModel([], "gpt-5")).toBe("gpt-5");
  });
});
