import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EditorSection } from "./EditorSection";

afterEach(() => vi.unstubAllGlobals());

describe("EditorSection", () => {
  it("shows Zed's and JetBrains' configuration with this binary's path", async () => {
    render(<EditorSection loadPath={async () => "/opt/Hearth/hearth"} />);
    await act(async () => undefined);
    const zed = JSON.parse(screen.getByTestId("snippet-zed").textContent ?? "");
    expect(zed).toEqual({ agent_servers: { Hearth: { type: "custom", command: "/opt/Hearth/hearth", args: ["acp"], env: {} } } });
    const jb = JSON.parse(screen.getByTestId("snippet-jetbrains").textContent ?? "");
    expect(jb).toEqual({ agent_servers: { Hearth: { command: "/opt/Hearth/hearth", args: ["acp"], env: {} } } });
    expect(screen.getByText("~/.jetbrains/acp.json")).toBeTruthy();
  });

  it("copies a snippet", async () => {
    const writeText = vi.fn<(text: string) => Promise<void>>(async () => undefined);
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<EditorSection loadPath={async () => "C:\\Program Files\\Hearth\\hearth.exe"} />);
    await act(async () => undefined);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Copy the Zed configuration" }));
    });
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = JSON.parse(writeText.mock.calls[0]?.[0] ?? "");
    expect(copied.agent_servers.Hearth.command).toBe("C:\\Program Files\\Hearth\\hearth.exe");
    expect(screen.getByRole("button", { name: "Copy the Zed configuration" }).textContent).toBe("Copied");
  });

  it("falls back to hearth on the PATH when the path cannot be found", async () => {
    render(<EditorSection loadPath={async () => Promise.reject(new Error("no executable"))} />);
    await act(async () => undefined);
    expect(screen.getByRole("alert").textContent).toContain("no executable");
    expect(JSON.parse(screen.getByTestId("snippet-zed").textContent ?? "").agent_servers.Hearth.command).toBe("hearth");
  });
});
