import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ProviderView } from "../bridge";
import { KeyField } from "./KeyField";
import type { SettingsActions } from "./useSettings";

const provider: ProviderView = {
  id: "openai",
  name: "OpenAI",
  wire: "openai",
  baseUrl: "https://api.openai.com/v1",
  defaultBaseUrl: "https://api.openai.com/v1",
  model: "",
  fastModel: "",
  keyStatus: "none",
  keyEnv: "OPENAI_API_KEY",
  needsKey: true,
  local: false,
  custom: false,
};

function actions(): SettingsActions {
  return {
    saveGlobal: vi.fn(), saveProvider: vi.fn(), setKey: vi.fn(async () => true), setSessionKey: vi.fn(async () => true),
    deleteKey: vi.fn(), addCustom: vi.fn(), removeCustom: vi.fn(), testConnection: vi.fn(), loadModels: vi.fn(),
  } as unknown as SettingsActions;
}

describe("KeyField", () => {
  it("sends the key and clears it from the DOM at once", async () => {
    const a = actions();
    const { container } = render(<KeyField provider={provider} keychain={{ available: true, message: "", help: "" }} busy={false} actions={a} />);
    const input = screen.getByLabelText("API key") as HTMLInputElement;
    fireEvent.change(input, { target: { value: "sk-test-123" } });
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Save key" }));
    });
    expect(a.setKey).toHaveBeenCalledWith("openai", "sk-test-123");
    expect(input.value).toBe("");
    expect(container.innerHTML).not.toContain("sk-test-123");
  });

  it("offers session-only when there is no keychain", async () => {
    const a = actions();
    render(<KeyField provider={provider} keychain={{ available: false, message: "none", help: "fix" }} busy={false} actions={a} />);
    fireEvent.change(screen.getByLabelText("API key"), { target: { value: "k" } });
    expect(screen.getByRole("button", { name: "Save key" })).toHaveProperty("disabled", true);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Use for this session only" }));
    });
    expect(a.setSessionKey).toHaveBeenCalledWith("openai", "k");
    expect(a.setKey).not.toHaveBeenCalled();
  });

  it("shows where a key comes from, never the key", () => {
    render(<KeyField provider={{ ...provider, keyStatus: "env" }} keychain={{ available: true, message: "", help: "" }} busy={false} actions={actions()} />);
    expect(screen.getByTestId("key-status-openai").textContent).toBe("from environment (OPENAI_API_KEY)");
    expect(screen.queryByRole("button", { name: "Delete key" })).toBeNull();
  });
});
