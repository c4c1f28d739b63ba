import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SkillsBackend, SkillView } from "../bridge/skills";
import { SkillsSection } from "./SkillsSection";

const pdf: SkillView = { name: "pdf", description: "Fill PDF forms", scope: "project", enabled: true };

describe("SkillsSection", () => {
  it("lists skills and turns one off and on again", async () => {
    const backend: SkillsBackend = {
      listSkills: vi.fn(async () => [pdf]),
      setSkillEnabled: vi.fn(async (name: string, enabled: boolean) => [{ ...pdf, name, enabled }]),
    };
    render(<SkillsSection backend={backend} />);
    await act(async () => undefined);
    expect(screen.getByText("Fill PDF forms")).toBeTruthy();
    const box = screen.getByRole("checkbox", { name: /pdf/ });
    expect((box as HTMLInputElement).checked).toBe(true);
    await act(async () => fireEvent.click(box));
    expect(backend.setSkillEnabled).toHaveBeenCalledWith("pdf", false);
    expect((screen.getByRole("checkbox", { name: /pdf/ }) as HTMLInputElement).checked).toBe(false);
    await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: /pdf/ })));
    expect(backend.setSkillEnabled).toHaveBeenLastCalledWith("pdf", true);
  });

  it("says where skills come from when there are none, and shows a failure", async () => {
    const empty: SkillsBackend = { listSkills: async () => [], setSkillEnabled: async () => [] };
    const { unmount } = render(<SkillsSection backend={empty} />);
    await act(async () => undefined);
    expect(screen.getByText(/SKILL\.md/)).toBeTruthy();
    unmount();
    const failing: SkillsBackend = { listSkills: async () => Promise.reject(new Error("settings unreadable")), setSkillEnabled: async () => [] };
    render(<SkillsSection backend={failing} />);
    await act(async () => undefined);
    expect(screen.getByRole("alert").textContent).toContain("settings unreadable");
  });
});
