import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Composer } from "./Composer";
import type { CommandEntry } from "../../bridge/shell";
import { pickCommand, rank, slashAt } from "../state/slash";

const cmds: CommandEntry[] = [
  { name: "clear", description: "Start a fresh conversation", argumentHint: "", scope: "builtin" },
  { name: "compact", description: "Shrink the context", argumentHint: "[focus]", scope: "builtin" },
  { name: "review", description: "Review a file", argumentHint: "<file>", scope: "project" },
  { name: "frontend:review", description: "Review the frontend", argumentHint: "<component>", scope: "project" },
  { name: "ev:args-prompt", description: "Weather", argumentHint: "<city>", scope: "mcp" },
];

describe("slashAt", () => {
  it.each([
    ["/", 1, ""],
    ["/rev", 4, "rev"],
    ["/review src/x.go", 16, null],
    ["see /rev", 8, null],
    ["/usr/bin", 8, null],
  ])("%j at %d", (text, caret, want) => {
    expect(slashAt(text, caret)).toBe(want);
  });
});

describe("rank", () => {
  it("puts prefixes first, then word starts, then fuzzy matches", () => {
    expect(rank(cmds, "rev").map((c) => c.name)).toEqual(["review", "frontend:review"]);
    expect(rank(cmds, "cmp").map((c) => c.name)).toEqual(["compact"]);
    expect(rank(cmds, "").length).toBe(cmds.length);
    expect(rank(cmds, "zzz")).toEqual([]);
  });
});

describe("pickCommand", () => {
  it("replaces the typed name and keeps what follows", () => {
    expect(pickCommand("/rev", cmds[2] as CommandEntry)).toEqual({ text: "/review ", caret: 8 });
    expect(pickCommand("/rev src/x.go", cmds[2] as CommandEntry)).toEqual({ text: "/review src/x.go", caret: 8 });
  });
});

describe("Composer / picker", () => {
  // Typing a command name waits for the list the picker fetches.
  async function type(input: HTMLTextAreaElement, value: string) {
    act(() => {
      fireEvent.change(input, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
    });
    if (!value.includes(" ")) await screen.findByRole("listbox", { name: "Commands" });
  }

  it("opens on a leading /, shows hints and descriptions, and is driven from the keyboard", async () => {
    const list = vi.fn(async () => cmds);
    const onSend = vi.fn(async () => true);
    render(<Composer streaming={false} onSend={onSend} onStop={() => undefined} listCommands={list} />);
    const input = screen.getByLabelText("Message") as HTMLTextAreaElement;
    await type(input, "/re");
    const box = screen.getByRole("listbox", { name: "Commands" });
    expect(box.textContent).toContain("/review <file> — Review a file");
    expect(list).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(screen.getAllByRole("option")[1]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(input.value).toBe("/frontend:review ");
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole("listbox", { name: "Commands" })).toBeNull();
    await type(input, "/frontend:review Button");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("/frontend:review Button");
  });

  it("closes on Escape and leaves Enter to send", async () => {
    const onSend = vi.fn(async () => true);
    render(<Composer streaming={false} onSend={onSend} onStop={() => undefined} listCommands={async () => cmds} />);
    const input = screen.getByLabelText("Message") as HTMLTextAreaElement;
    await type(input, "/cl");
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByRole("listbox", { name: "Commands" })).toBeNull();
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onSend).toHaveBeenCalledWith("/cl");
  });
});
