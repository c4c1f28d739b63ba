import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Backend, ChatChoiceView } from "../../bridge";
import { ModelPicker, withCurrent } from "./ModelPicker";

const view: ChatChoiceView = {
  provider: "ollama", model: "qwen3:8b", effort: "medium", mode: "ask",
  providers: [{ id: "openai", name: "OpenAI", local: false }, { id: "ollama", name: "Ollama", local: true }],
};

describe("ModelPicker", () => {
  it("shows the conversation's choice with the live model list and changes it", async () => {
    const setChatChoice = vi.fn(async (i: { provider: string; model: string; effort: string; mode: string }) => ({ ...view, ...i }) as ChatChoiceView);
    const backend = {
      chatChoice: vi.fn().mockResolvedValue(view),
      listModels: vi.fn().mockResolvedValue(["llama3.2", "qwen3:8b"]),
      setChatChoice,
    } as unknown as Backend;
    render(<ModelPicker backend={backend} />);
    await act(async () => {
      await Promise.resolve();
    });
    const model = screen.getByLabelText("Model") as HTMLSelectElement;
    expect(model.value).toBe("qwen3:8b");
    expect(Array.from(model.options).map((o) => o.value)).toEqual(["llama3.2", "qwen3:8b"]);
    await act(async () => {
      fireEvent.change(model, { target: { value: "llama3.2" } });
    });
    // The mode is left to the mode switch.
    expect(setChatChoice).toHaveBeenCalledWith({ provider: "ollama", model: "llama3.2", effort: "medium", mode: "" });
    expect(screen.queryByLabelText("Approval mode")).toBeNull();
  });

  it("keeps the current model in the list when the server does not list it", () => {
    expect(withCurrent(["a"], "b")).toEqual(["b", "a"]);
    expect(withCurrent(["a", "b"], "b")).toEqual(["a", "b"]);
    expect(withCurrent([], "")).toEqual([]);
  });
});
