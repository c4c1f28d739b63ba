import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { SettingsView } from "../bridge";
import { GlobalSection } from "./GlobalSection";
import type { SettingsActions } from "./useSettings";

const base: SettingsView = {
  activeProvider: "openai",
  activeModel: "",
  temperature: null,
  reasoningEffort: "medium",
  maxIterations: 50,
  approvalMode: "ask",
  modelTitles: true,
  reopenLastWorkspace: true,
  providers: [],
  keychain: { available: true, message: "", help: "" },
  warning: "",
  knowledgeFolders: [],
  sandbox: { active: true, detail: "Landlock (ABI 7): commands run without asking read only the workspace.", containApproved: false },
};

describe("GlobalSection sandbox", () => {
  it("says which protection is active and saves the choice to contain approved commands", async () => {
    const actions = { saveGlobal: vi.fn(async () => undefined) } as unknown as SettingsActions;
    render(<GlobalSection view={base} models={[]} busy={false} actions={actions} />);
    expect(screen.getByText(/Landlock \(ABI 7\)/)).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/also contain commands I approve/));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    expect(actions.saveGlobal).toHaveBeenCalledWith(expect.objectContaining({ containApproved: true }));
  });

  it("offers no switch where no sandbox exists, and says so", () => {
    const view = { ...base, sandbox: { active: false, detail: "No sandbox on this system: only commands the parser proves read-only run without asking.", containApproved: false } };
    render(<GlobalSection view={view} models={[]} busy={false} actions={{} as SettingsActions} />);
    expect(screen.getByText(/No sandbox on this system/)).toBeTruthy();
    expect(screen.queryByLabelText(/also contain commands I approve/)).toBeNull();
  });
});
