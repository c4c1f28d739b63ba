// The chat Backend the command palette reads its Models group from, for
// component tests: one provider with one model.
import { vi } from "vitest";
import type { Backend } from "../bridge";

export function paletteBackend(): Backend {
  return {
    chatChoice: vi.fn().mockResolvedValue({ provider: "ollama", model: "a", effort: "off", mode: "ask", providers: [] }),
    listModels: vi.fn().mockResolvedValue(["qwen3:8b"]),
    setChatChoice: vi.fn().mockResolvedValue({}),
  } as unknown as Backend;
}
