import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CommandPalette } from "./CommandPalette";
import { paletteBackend as backend } from "./fakePaletteBackend";

describe("CommandPalette files", () => {
  it("lists a typed file name under Files, selected, and Enter opens it", async () => {
    const onOpenFile = vi.fn();
    const onClose = vi.fn();
    const findFiles = vi.fn((pattern: string) => Promise.resolve(pattern.startsWith("kiln") ? [{ path: "docs/kiln-schedule.md", score: 1 }] : []));
    render(
      <CommandPalette open onClose={onClose} commands={[{ id: "new", label: "New chat", run: vi.fn() }, { id: "s", label: "Open Settings", run: vi.fn() }]}
        conversations={[{ id: "s1", title: "Kiln talk", updatedAt: 1, model: "m", costUsd: 0 }]}
        onOpenConversation={vi.fn()} findFiles={findFiles} onOpenFile={onOpenFile} backend={backend()} />,
    );
    const input = screen.getByPlaceholderText(/Type a command/);
    fireEvent.change(input, { target: { value: "kiln-sch" } });
    const files = await screen.findByRole("group", { name: "Files" });
    const option = await waitFor(() => {
      const o = files.querySelector("[cmdk-item]");
      expect(o?.textContent).toBe("docs/kiln-schedule.md");
      return o as HTMLElement;
    });
    await waitFor(() => expect(option.getAttribute("aria-selected")).toBe("true"));
    expect(screen.queryByText("Nothing matches.")).toBeNull();
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onOpenFile).toHaveBeenCalledWith("docs/kiln-schedule.md");
    expect(onClose).toHaveBeenCalled();
  });
});
