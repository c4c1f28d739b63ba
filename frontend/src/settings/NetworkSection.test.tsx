import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { NetworkBackend, NetworkEntry } from "../bridge/network";
import { bytes, NetworkSection, notCovered } from "./NetworkSection";

const model: NetworkEntry = { time: 1_700_000_000_000, purpose: "model", method: "POST", host: "api.example.com", path: "/v1/chat/completions", status: 200, bytesOut: 2048, bytesIn: 512, error: "" };
const refused: NetworkEntry = { time: 1_700_000_001_000, purpose: "update", method: "GET", host: "api.github.com", path: "/repos", status: 0, bytesOut: 0, bytesIn: 0, error: "Hearth works offline: no update request to api.github.com" };

function fake(over: Partial<NetworkBackend> = {}): NetworkBackend {
  return {
    list: vi.fn(async (id: string) => (id === "s1" ? [model] : [refused])),
    conversations: vi.fn(async () => [{ id: "s1", title: "Capital of France" }]),
    setOffline: vi.fn(async (on: boolean) => on),
    ...over,
  };
}

async function mount(b: NetworkBackend, offline = false) {
  render(<NetworkSection offline={offline} backend={b} />);
  await act(async () => undefined);
}

describe("NetworkSection", () => {
  it("lists Hearth's own requests, then a chosen conversation's", async () => {
    const b = fake();
    await mount(b);
    expect(b.list).toHaveBeenCalledWith("");
    const table = screen.getByRole("table", { name: "Network log" });
    expect(table.textContent).toContain("GET api.github.com/repos");
    expect(table.textContent).toContain("offline");
    await act(async () => {
      fireEvent.change(screen.getByRole("combobox"), { target: { value: "s1" } });
    });
    expect(b.list).toHaveBeenLastCalledWith("s1");
    const rows = screen.getByRole("table", { name: "Network log" }).textContent ?? "";
    expect(rows).toContain("POST api.example.com/v1/chat/completions");
    expect(rows).toContain("2.0 KB");
    expect(rows).not.toContain("api.github.com");
  });

  it("turns Work offline on and says what it does not cover", async () => {
    const b = fake();
    await mount(b);
    expect(screen.getByText(new RegExp(notCovered.replace(/[().]/g, "\\$&")))).toBeTruthy();
    const box = screen.getByRole("checkbox", { name: "Work offline" }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    await act(async () => {
      fireEvent.click(box);
    });
    expect(b.setOffline).toHaveBeenCalledWith(true);
    expect(box.checked).toBe(true);
  });

  it("says when there are no requests", async () => {
    await mount(fake({ list: vi.fn(async () => []) }));
    expect(screen.getByText("No requests yet.")).toBeTruthy();
  });

  it("shows a failure to read the log", async () => {
    await mount(fake({ list: vi.fn(async () => Promise.reject(new Error("the conversation store is not open"))) }));
    expect(screen.getByRole("alert").textContent).toBe("the conversation store is not open");
  });

  it("says byte counts plainly", () => {
    expect([bytes(12), bytes(2048), bytes(3 * 1024 * 1024)]).toEqual(["12 B", "2.0 KB", "3.0 MB"]);
  });
});
