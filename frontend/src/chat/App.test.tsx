import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { App } from "../App";
import { BridgeError } from "../bridge";
import { fakeBackend } from "./fakeBackend";
import { vi } from "vitest";

describe("App with the chat", () => {
  it("offers to open a folder, then shows the chat for it", async () => {
    const backend = fakeBackend(null);
    render(<App backend={backend} />);
    const open = await screen.findByRole("button", { name: "Open a folder" });
    expect(screen.getByText(/drop a folder/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(open);
    });
    expect(backend.chooseWorkspace).toHaveBeenCalled();
    expect(screen.getByRole("region", { name: "Chat in proj" })).toBeTruthy();
    expect(screen.getByLabelText("Message")).toBeTruthy();
  });

  it("opens a dropped folder and says why a dropped file cannot be opened", async () => {
    const backend = fakeBackend(null);
    vi.mocked(backend.openWorkspace).mockRejectedValueOnce(new BridgeError("invalid", "/tmp/a.txt is not a folder"));
    render(<App backend={backend} />);
    await screen.findByRole("button", { name: "Open a folder" });
    await act(async () => backend.drop(["/tmp/a.txt"]));
    expect(screen.getByRole("alert").textContent).toBe("/tmp/a.txt is not a folder");
    await act(async () => backend.drop(["/work/site"]));
    expect(backend.openWorkspace).toHaveBeenLastCalledWith("/work/site");
    expect(screen.getByRole("region", { name: "Chat in site" })).toBeTruthy();
  });

  it("opens straight into the chat when a workspace is already open", async () => {
    render(<App backend={fakeBackend({ path: "/p/demo", name: "demo" })} />);
    expect(await screen.findByRole("region", { name: "Chat in demo" })).toBeTruthy();
  });
});
