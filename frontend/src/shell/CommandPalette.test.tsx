import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CommandPalette } from "./CommandPalette";
import { paletteBackend as backend } from "./fakePaletteBackend";

describe("CommandPalette", () => {
  it("filters commands, conversations and models and runs the one picked", async () => {
    const run = vi.fn();
    const onClose = vi.fn();
    const onOpenConversation = vi.fn();
    render(
      <CommandPalette open onClose={onClose} commands={[{ id: "new", label: "New chat", run }, { id: "s", label: "Open Settings", run: vi.fn() }]}
        conversations={[{ id: "s1", title: "Fix the flaky test", updatedAt: 1, model: "m", costUsd: 0 }]}
        onOpenConversation={onOpenConversation} onOpenFile={vi.fn()} backend={backend()} />,
    );
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.getByText("Use qwen3:8b")).toBeTruthy();
    const input = screen.getByPlaceholderText(/Type a command/);
    fireEvent.change(input, { target: { value: "flaky" } });
    expect(screen.queryByText("New chat")).toBeNull();
    fireEvent.click(screen.getByText("Fix the flaky test"));
    expect(onOpenConversation).toHaveBeenCalledWith("s1");
    expect(onClose).toHaveBeenCalled();
  });
});
