import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Backend, ChatChoiceView } from "../../bridge";
import { ModelPicker, withCurrent } from "./ModelPicker";

const view: ChatChoiceView = {
  provider: "ollama", model: "qwen3:8b", effort: "medium", mode: "ask", vision: false, visionKnown: false, hasEffort: false,
  providers: [{ id: "openai", name: "OpenAI", local: false }, { id: "ollama", name: "Ollama", local: true }],
};

function backendFor(v: ChatChoiceView) {
  const setChatChoice = vi.fn(async (i: { provider: string; model: string; effort: string; mode: string }) => ({ ...v, ...i }) as ChatChoiceView);
  const backend = {
    chatChoice: vi.fn().mockResolvedValue(v),
    listModels: vi.fn().mockResolvedValue(["llama3.2", "qwen3:8b"]),
    setChatChoice,
  } as unknown as Backend;
  return { backend, setChatChoice };
}

describe("ModelPicker", () => {
  it("is one button naming the model; it opens the provider and the live model list", async () => {
    const { backend, setChatChoice } = backendFor(view);
    render(<ModelPicker backend={backend} />);
    const trigger = await screen.findByRole("button", { name: "Model: qwen3:8b Ollama" });
    expect(screen.queryByLabelText("Model")).toBeNull();
    fireEvent.click(trigger);
    const model = (await screen.findByLabelText("Model")) as HTMLSelectElement;
    expect(model.value).toBe("qwen3:8b");
    await screen.findByRole("option", { name: "llama3.2" });
    expect(Array.from(model.options).map((o) => o.value)).toEqual(["llama3.2", "qwen3:8b"]);
    await act(async () => {
      fireEvent.change(model, { target: { value: "llama3.2" } });
    });
    // The mode is left to the mode switch.
    expect(setChatChoice).toHaveBeenCalledWith({ provider: "ollama", model: "llama3.2", effort: "medium", mode: "" });
    expect(screen.queryByLabelText("Approval mode")).toBeNull();
  });

  it("offers a reasoning effort only for a model that takes one", async () => {
    const { backend } = backendFor(view);
    const { unmount } = render(<ModelPicker backend={backend} />);
    fireEvent.click(await screen.findByRole("button", { name: /^Model: / }));
    await screen.findByLabelText("Model");
    expect(screen.queryByLabelText("Reasoning effort")).toBeNull();
    unmount();

    const reasoner = backendFor({ ...view, provider: "openai", model: "o4-mini", hasEffort: true });
    render(<ModelPicker backend={reasoner.backend} />);
    fireEvent.click(await screen.findByRole("button", { name: /^Model: o4-mini OpenAI/ }));
    expect(((await screen.findByLabelText("Reasoning effort")) as HTMLSelectElement).value).toBe("medium");
  });

  it("keeps the current model in the list when the server does not list it", () => {
    expect(withCurrent(["a"], "b")).toEqual(["b", "a"]);
    expect(withCurrent(["a", "b"], "b")).toEqual(["a", "b"]);
    expect(withCurrent([], "")).toEqual([]);
  });
});
