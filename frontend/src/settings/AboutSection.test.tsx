import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { SettingsView } from "../bridge";
import { AboutSection } from "./AboutSection";

const view: SettingsView = {
  activeProvider: "openai", activeModel: "", temperature: null, reasoningEffort: "medium", maxIterations: 50, approvalMode: "ask",
  modelTitles: true, promptProfile: "", maxRunning: 3, backgroundProcesses: 4, reopenLastWorkspace: true, checkOff: false, checkRounds: 2, providers: [], keychain: { available: true, message: "", help: "" },
  warning: "", knowledgeFolders: [], sandbox: { active: true, kind: "landlock", abi: 7, detail: "Sandboxed.", mechanism: "", containApproved: false }, theme: "system", readOnlyTools: [],
};

describe("AboutSection", () => {
  it("shows the build's version", async () => {
    render(<AboutSection view={view} loadVersion={async () => "0.4.1"} />);
    await act(async () => undefined);
    expect(screen.getByTestId("about-version").textContent).toBe("0.4.1");
  });

  it("says the version is unknown when it cannot be read", async () => {
    render(<AboutSection view={view} loadVersion={async () => Promise.reject(new Error("no backend"))} />);
    await act(async () => undefined);
    expect(screen.getByTestId("about-version").textContent).toBe("unknown");
  });
});
