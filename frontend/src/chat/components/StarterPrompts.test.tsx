import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { IndexStatus } from "../../bridge/shell";
import type { StarterPrompt } from "../../bridge/starters";
import { StarterPrompts } from "./StarterPrompts";

const status = (state: IndexStatus["state"]): IndexStatus =>
  ({ state, files_done: 0, files_total: 0, bytes_done: 0, bytes_total: 0, files: 2, bytes: 10, watcher: "watching" });

describe("StarterPrompts", () => {
  it("offers the folder's suggestions and sends one on click", async () => {
    const onSend = vi.fn();
    const load = vi.fn(async () => [
      { label: "Explain this project", prompt: "Explain this project." },
      { label: "Run the tests", prompt: "Run the tests with `go test ./...`." },
    ]);
    await act(async () => {
      render(<StarterPrompts onSend={onSend} load={load} />);
    });
    fireEvent.click(screen.getByRole("button", { name: "Run the tests" }));
    expect(onSend).toHaveBeenCalledWith("Run the tests with `go test ./...`.");
  });

  it("shows nothing when the suggestions cannot load", async () => {
    const { container } = render(<StarterPrompts onSend={vi.fn()} load={async () => Promise.reject(new Error("no folder"))} />);
    await act(async () => undefined);
    expect(container.innerHTML).toBe("");
  });

  it("loads again when the index becomes ready, so the index's suggestions appear", async () => {
    const explain: StarterPrompt = { label: "Explain this project", prompt: "Explain this project." };
    const todos: StarterPrompt = { label: "Find TODOs", prompt: "Find the TODO comments in this project." };
    let ready = false;
    const load = vi.fn(async () => (ready ? [explain, todos] : [explain]));
    let emit: (s: IndexStatus) => void = () => undefined;
    const onIndex = (cb: (s: IndexStatus) => void) => {
      emit = cb;
      return () => undefined;
    };
    await act(async () => {
      render(<StarterPrompts onSend={vi.fn()} load={load} onIndex={onIndex} />);
    });
    expect(screen.queryByRole("button", { name: "Find TODOs" })).toBeNull();
    await act(async () => emit(status("building")));
    expect(load).toHaveBeenCalledTimes(1);
    ready = true;
    await act(async () => emit(status("ready")));
    expect(screen.getByRole("button", { name: "Find TODOs" })).toBeTruthy();
    await act(async () => emit(status("ready"))); // a watcher update while ready asks nothing again
    expect(load).toHaveBeenCalledTimes(2);
  });
});
