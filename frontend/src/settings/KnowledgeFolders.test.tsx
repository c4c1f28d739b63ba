import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { KnowledgeFolders } from "./KnowledgeFolders";
import type { SettingsActions } from "./useSettings";

describe("KnowledgeFolders", () => {
  it("lists folders, removes one by label and offers to add one", async () => {
    const actions = { addFolder: vi.fn(async () => true), removeFolder: vi.fn(async () => true) } as unknown as SettingsActions;
    render(<KnowledgeFolders folders={[{ label: "notes", path: "/home/me/notes" }]} busy={false} actions={actions} />);
    expect(screen.getByRole("list", { name: "Knowledge folders" }).textContent).toContain("/home/me/notes");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Remove" })));
    expect(actions.removeFolder).toHaveBeenCalledWith("notes");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add folder…" })));
    expect(actions.addFolder).toHaveBeenCalled();
  });

  it("disables its buttons while a change is saving", () => {
    render(<KnowledgeFolders folders={[{ label: "docs", path: "/d" }]} busy actions={{} as SettingsActions} />);
    for (const b of screen.getAllByRole("button")) expect(b).toHaveProperty("disabled", true);
  });
});
