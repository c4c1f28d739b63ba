import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Backend, ProviderView, SettingsView } from "../bridge";
import type { McpBackend } from "../bridge/mcp";
import type { PrefsBackend } from "../bridge/prefs";
import type { ServeBackend } from "../bridge/serve";
import { sections } from "./sections";
import { SettingsPanel } from "./SettingsPanel";

const openai: ProviderView = {
  id: "openai", name: "OpenAI", wire: "openai", baseUrl: "https://api.openai.com/v1", defaultBaseUrl: "https://api.openai.com/v1",
  model: "", fastModel: "", keyStatus: "keychain", keyEnv: "OPENAI_API_KEY", needsKey: true, local: false, custom: false,
};
const anthropic: ProviderView = { ...openai, id: "anthropic", name: "Anthropic", wire: "anthropic", keyStatus: "none", baseUrl: "https://a/v1", defaultBaseUrl: "https://a/v1" };

const base: SettingsView = {
  activeProvider: "openai", activeModel: "", temperature: null, reasoningEffort: "medium", maxIterations: 50, approvalMode: "ask",
  modelTitles: true, promptProfile: "", maxRunning: 3, backgroundProcesses: 4, reopenLastWorkspace: true, checkOff: false, checkRounds: 2, providers: [openai, anthropic], keychain: { available: true, message: "", help: "" },
  warning: "", knowledgeFolders: [], sandbox: { active: true, kind: "landlock", abi: 7, detail: "Sandboxed.", mechanism: "Landlock", containApproved: false }, theme: "system", readOnlyTools: [],
};

function fakes(view: SettingsView = base) {
  let current = view;
  const answer = async () => current;
  const backend = {
    getSettings: vi.fn(answer),
    detectLocal: vi.fn(async () => []),
    listModels: vi.fn(async () => ["gpt-big", "gpt-mini"]),
    saveGlobal: vi.fn(async (input: Partial<SettingsView>) => (current = { ...current, ...input })),
    saveProvider: vi.fn(answer),
    deleteKey: vi.fn(async () => (current = { ...current, providers: [{ ...openai, keyStatus: "none" }, anthropic] })),
  } as unknown as Backend;
  const prefs: PrefsBackend = {
    theme: vi.fn(async () => "system" as const),
    setTheme: vi.fn(async (theme) => (current = { ...current, theme })),
    setReadOnlyTools: vi.fn(async (readOnlyTools) => (current = { ...current, readOnlyTools })),
    setWeb: vi.fn(async ({ allowLocal, searchProvider, searchUrl }) => (current = { ...current, web: { allowLocal, searchProvider, searchUrl } })),
  };
  const mcp = { servers: vi.fn(async () => ({ servers: [], tokens: 0, budgetPercent: 10 })), onChange: () => () => undefined } as unknown as McpBackend;
  const serve = { servingStatus: vi.fn(async () => ({ running: false, url: "", workspace: "", error: "" })), onServe: () => () => undefined } as unknown as ServeBackend;
  return { backend, prefs, mcp, serve };
}

async function open(f = fakes(), props: { focus?: "key" | "model" } = {}) {
  const onClose = vi.fn();
  render(<SettingsPanel backend={f.backend} prefs={f.prefs} mcp={f.mcp} serve={f.serve} onClose={onClose} {...props} />);
  const dialog = await screen.findByRole("dialog", { name: "Settings" });
  await within(dialog).findByRole("tablist", { name: "Settings sections" });
  return { dialog, onClose, f };
}

describe("SettingsPanel", () => {
  it("lists the sections as tabs in order, General first", async () => {
    const { dialog } = await open();
    const tabs = within(dialog).getAllByRole("tab").map((t) => t.textContent);
    expect(tabs).toEqual(sections.map((s) => s.label));
    expect(tabs.slice(0, 3)).toEqual(["General", "Models & providers", "Permissions"]);
    expect(within(dialog).getByRole("tab", { selected: true }).textContent).toBe("General");
  });

  it("Esc closes the dialog", async () => {
    const { dialog, onClose } = await open();
    fireEvent.keyDown(document.activeElement ?? dialog, { key: "Escape", code: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });

  it("saves a change as made and reports it on the one status line", async () => {
    const { dialog, f } = await open();
    await act(async () => fireEvent.click(within(dialog).getByLabelText("Reopen the last folder on start")));
    expect(f.backend.saveGlobal).toHaveBeenCalledWith(expect.objectContaining({ reopenLastWorkspace: false, maxIterations: 50 }));
    await waitFor(() => expect(screen.getByTestId("settings-status").textContent).toBe("Saved."));
    expect(within(dialog).queryByRole("button", { name: "Save" })).toBeNull();
  });

  it("opens at the model picker when an error names the model, with the live list", async () => {
    const { dialog } = await open(fakes(), { focus: "model" });
    expect(within(dialog).getByRole("tab", { selected: true }).textContent).toBe("Models & providers");
    const picker = await within(dialog).findByRole("combobox", { name: "Model" });
    await waitFor(() => expect(within(picker).getAllByRole("option").map((o) => o.textContent)).toEqual(["Recommended for this provider", "gpt-big", "gpt-mini", "Other model…"]));
    await waitFor(() => expect(document.activeElement).toBe(picker));
  });

  it("shows configured providers and keeps the others behind Add provider", async () => {
    const { dialog } = await open(fakes(), { focus: "model" });
    expect(within(dialog).getByTestId("provider-openai")).toBeTruthy();
    expect(within(dialog).queryByTestId("provider-anthropic")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Add provider" }));
    fireEvent.click(within(within(dialog).getByRole("list", { name: "Providers to add" })).getByRole("button", { name: /Anthropic/ }));
    expect(within(dialog).getByTestId("provider-anthropic")).toBeTruthy();
  });

  it("saves the fast model of the active provider, keeping its endpoint and model", async () => {
    const { dialog, f } = await open(fakes(), { focus: "model" });
    const fast = await waitFor(() => {
      const el = dialog.querySelector<HTMLSelectElement>("select#fast-model");
      if (!el) throw new Error("no fast model picker yet");
      return el;
    });
    await waitFor(() => expect(within(fast).getAllByRole("option").length).toBe(4));
    await act(async () => fireEvent.change(fast, { target: { value: "gpt-mini" } }));
    expect(f.backend.saveProvider).toHaveBeenCalledWith("openai", { baseUrl: openai.baseUrl, model: "", fastModel: "gpt-mini" });
  });

  it("saves how many turns may run at once, shown under General", async () => {
    const { dialog, f } = await open();
    const field = within(dialog).getByLabelText("Turns at once") as HTMLInputElement;
    expect(field.value).toBe("3");
    fireEvent.change(field, { target: { value: "5" } });
    await act(async () => fireEvent.blur(field));
    expect(f.backend.saveGlobal).toHaveBeenCalledWith(expect.objectContaining({ maxRunning: 5, maxIterations: 50 }));
  });

  it("saves how many background processes a conversation may run, under General", async () => {
    const { dialog, f } = await open();
    const field = within(dialog).getByLabelText("Background processes") as HTMLInputElement;
    expect(field.value).toBe("4");
    fireEvent.change(field, { target: { value: "8" } });
    await act(async () => fireEvent.blur(field));
    expect(f.backend.saveGlobal).toHaveBeenCalledWith(expect.objectContaining({ backgroundProcesses: 8, maxRunning: 3 }));
  });

  it("turns the project check off and sets its fix rounds, under General", async () => {
    const { dialog, f } = await open();
    const rounds = within(dialog).getByLabelText("Fix rounds") as HTMLInputElement;
    expect(rounds.value).toBe("2");
    expect(rounds.disabled).toBe(false);
    fireEvent.change(rounds, { target: { value: "0" } });
    await act(async () => fireEvent.blur(rounds));
    expect(f.backend.saveGlobal).toHaveBeenCalledWith(expect.objectContaining({ checkRounds: 0, checkOff: false, maxRunning: 3 }));
    const check = within(dialog).getByRole("checkbox", { name: "Check the project after edits" }) as HTMLInputElement;
    expect(check.checked).toBe(true);
    await act(async () => fireEvent.click(check));
    expect(f.backend.saveGlobal).toHaveBeenLastCalledWith(expect.objectContaining({ checkOff: true }));
  });

  it("offers the small-context profile, automatic by default, and saves the choice", async () => {
    const { dialog, f } = await open(fakes(), { focus: "model" });
    const size = await within(dialog).findByRole("combobox", { name: "Prompt size" });
    expect((size as HTMLSelectElement).value).toBe("");
    expect(within(size).getAllByRole("option").map((o) => o.textContent)).toEqual(["Automatic", "Small context", "Full"]);
    expect(size.getAttribute("aria-describedby")).toBe("prompt-profile-hint");
    expect(dialog.querySelector("#prompt-profile-hint")?.textContent).toMatch(/under 16k tokens/);
    await act(async () => fireEvent.change(size, { target: { value: "small" } }));
    expect(f.backend.saveGlobal).toHaveBeenCalledWith(expect.objectContaining({ promptProfile: "small", maxIterations: 50 }));
  });

  it("keeps focus on the key field after Delete key removes the focused button", async () => {
    const { dialog } = await open(fakes(), { focus: "key" });
    const card = within(dialog).getByTestId("provider-openai");
    const del = within(card).getByRole("button", { name: "Delete key" });
    del.focus();
    await act(async () => fireEvent.click(del));
    await waitFor(() => expect(within(card).queryByRole("button", { name: "Delete key" })).toBeNull());
    expect(document.activeElement?.id).toBe("key-openai");
    expect(screen.getByTestId("settings-status").textContent).toBe("Key deleted.");
  });

  it("marks and unmarks MCP tools read-only under Permissions", async () => {
    const { dialog, f } = await open();
    fireEvent.mouseDown(within(dialog).getByRole("tab", { name: "Permissions" }));
    fireEvent.click(within(dialog).getByRole("tab", { name: "Permissions" }));
    const input = await within(dialog).findByLabelText("Tool name or pattern");
    fireEvent.change(input, { target: { value: "mcp__gh__get_*" } });
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Mark read-only" })));
    expect(f.prefs.setReadOnlyTools).toHaveBeenCalledWith(["mcp__gh__get_*"]);
    const list = await within(dialog).findByRole("list", { name: "Read-only MCP tools" });
    await act(async () => fireEvent.click(within(list).getByRole("button", { name: "Unmark mcp__gh__get_*" })));
    expect(f.prefs.setReadOnlyTools).toHaveBeenLastCalledWith([]);
  });
});
