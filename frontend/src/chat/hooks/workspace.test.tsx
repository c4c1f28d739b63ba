import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BridgeError, type Backend } from "../../bridge";
import { ChatView } from "../components/ChatView";
import { EmptyState } from "../components/EmptyState";
import { useWorkspace } from "./useWorkspace";
import { fakeBackend } from "../testing/fakeBackend";

// The chat's part of App, without the shell around it.
function App({ backend }: { backend: Backend }) {
  const ws = useWorkspace(backend);
  return ws.workspace ? (
    <ChatView key={ws.epoch} backend={backend} workspace={ws.workspace} onOpenSettings={() => undefined} onChooseWorkspace={() => void ws.choose()} />
  ) : (
    <EmptyState loading={ws.loading} error={ws.error} onChoose={() => void ws.choose()} />
  );
}

describe("workspace and chat", () => {
  it("offers to open a folder, then shows the chat for it", async () => {
    const backend = fakeBackend(null);
    render(<App backend={backend} />);
    const open = (await screen.findByRole("button", { name: "Open a folder" })) as HTMLButtonElement;
    expect(screen.getByText(/drop a folder/)).toBeTruthy();
    await waitFor(() => expect(open.disabled).toBe(false));
    await act(async () => {
      fireEvent.click(open);
    });
    expect(backend.chooseWorkspace).toHaveBeenCalled();
    expect(screen.getByRole("region", { name: "Chat in proj" })).toBeTruthy();
    expect(screen.getByLabelText("Message")).toBeTruthy();
  });

  it("follows a folder the backend opened from a drop", async () => {
    const backend = fakeBackend(null);
    render(<App backend={backend} />);
    await screen.findByRole("button", { name: "Open a folder" });
    await act(async () => backend.opened({ path: "/work/site", name: "site" }));
    expect(screen.getByRole("region", { name: "Chat in site" })).toBeTruthy();
  });

  it("says why a folder could not be opened", async () => {
    const backend = fakeBackend(null);
    vi.mocked(backend.chooseWorkspace).mockRejectedValueOnce(new BridgeError("invalid", "/ is the file system root"));
    render(<App backend={backend} />);
    const open = (await screen.findByRole("button", { name: "Open a folder" })) as HTMLButtonElement;
    await waitFor(() => expect(open.disabled).toBe(false));
    await act(async () => {
      fireEvent.click(open);
    });
    expect(screen.getByRole("alert").textContent).toBe("/ is the file system root");
  });

  it("starts a fresh chat when a folder is opened again, but not when the picker is cancelled", async () => {
    const backend = fakeBackend({ path: "/home/me/proj", name: "proj" });
    render(<App backend={backend} />);
    await screen.findByRole("region", { name: "Chat in proj" });
    // The chat subscribes to events after it renders: an event sent before
    // that is lost (two CI runs failed here on a busy machine).
    await waitFor(() => expect(backend.listeners()).toBeGreaterThan(0));
    await act(async () => {
      backend.emit({ type: "turn_started", prompt: "first question", startedAt: 1, turnId: "t1", seq: 1 });
    });
    expect(await screen.findByText("first question", {}, { timeout: 5000 })).toBeTruthy();
    // The Go side answers a cancelled picker with the folder already open.
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Open another folder…" }));
    });
    expect(backend.chooseWorkspace).toHaveBeenCalled();
    expect(screen.getByText("first question")).toBeTruthy();
    await act(async () => backend.opened({ path: "/home/me/proj", name: "proj" }));
    expect(screen.queryByText("first question")).toBeNull();
  });

  it("opens straight into the chat when a workspace is already open", async () => {
    render(<App backend={fakeBackend({ path: "/p/demo", name: "demo" })} />);
    expect(await screen.findByRole("region", { name: "Chat in demo" })).toBeTruthy();
  });
});
