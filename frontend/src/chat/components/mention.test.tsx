import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Composer } from "./Composer";
import { mentionAt, pick } from "../state/mention";

describe("mentionAt", () => {
  it.each([
    ["@", 1, { start: 0, query: "" }],
    ["see @ma", 7, { start: 4, query: "ma" }],
    ["see @ma more", 7, { start: 4, query: "ma" }],
    ["line\n@src/x", 11, { start: 5, query: "src/x" }],
    ["mail me@host", 12, null],
    ["see @ma more", 12, null],
    ["@@", 2, null],
  ])("%j at %d", (text, caret, want) => {
    expect(mentionAt(text, caret)).toEqual(want);
  });
});

describe("pick", () => {
  it("replaces the whole token, keeps the rest and puts the caret after it", () => {
    expect(pick("see @ma now", 7, { start: 4, query: "ma" }, "src/main.go")).toEqual({ text: "see @src/main.go now", caret: 17 });
    expect(pick("see @mai", 6, { start: 4, query: "m" }, "a.go")).toEqual({ text: "see @a.go ", caret: 10 });
  });
});

describe("Composer @-mentions", () => {
  function setup() {
    const find = vi.fn(async (q: string) => [{ path: `src/${q}in.go` }, { path: "src/other.go" }]);
    const onSend = vi.fn(async () => true);
    const onStop = vi.fn();
    render(<Composer streaming onSend={onSend} onStop={onStop} findFiles={find} />);
    const input = screen.getByLabelText("Message") as HTMLTextAreaElement;
    return { find, onSend, onStop, input };
  }

  // Typing after @ waits for the debounced lookup's list.
  async function type(input: HTMLTextAreaElement, value: string) {
    act(() => {
      fireEvent.change(input, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
    });
    await screen.findAllByRole("option");
  }

  it("looks files up as you type after @ and picks one with the keyboard", async () => {
    const { find, onSend, input } = setup();
    await type(input, "look at @ma");
    expect(find).toHaveBeenLastCalledWith("ma", 8);
    const list = screen.getByRole("listbox", { name: "Files" });
    expect(list.textContent).toContain("src/main.go");
    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(screen.getByRole("option", { name: "src/other.go" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });
    expect(input.value).toBe("look at @src/other.go ");
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("closes the list on Esc without stopping the stream, then Enter sends", async () => {
    const { onSend, onStop, input } = setup();
    await type(input, "@ma");
    expect(screen.getByRole("listbox")).toBeTruthy();
    fireEvent.keyDown(input, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(onStop).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.keyDown(input, { key: "Enter" });
    });
    expect(onSend).toHaveBeenCalledWith("@ma");
  });

  it("closes the list when the caret leaves the mention by a key or a click", async () => {
    const { input } = setup();
    await type(input, "look at @ma");
    // The caret moves with no select event, as a key or a click moves it.
    const caretAt = (at: number) => Object.defineProperty(input, "selectionStart", { value: at, configurable: true });
    caretAt(2);
    fireEvent.keyUp(input, { key: "Home" });
    expect(screen.queryByRole("listbox")).toBeNull();
    caretAt(11);
    fireEvent.mouseUp(input);
    expect(screen.getByRole("listbox", { name: "Files" })).toBeTruthy();
    caretAt(4);
    fireEvent.keyUp(input, { key: "Enter" }); // no caret move: the list stays
    expect(screen.getByRole("listbox", { name: "Files" })).toBeTruthy();
  });

  it("picks with the mouse and keeps focus in the composer", async () => {
    const { input } = setup();
    input.focus();
    await type(input, "@x");
    fireEvent.mouseDown(screen.getByRole("option", { name: "src/xin.go" }));
    expect(input.value).toBe("@src/xin.go ");
    expect(document.activeElement).toBe(input);
  });
});

describe("Composer @ picker with MCP resources", () => {
  const resources = [
    { server: "ev", uri: "demo://resource/static/document/architecture.md", name: "architecture.md", description: "Architecture" },
    { server: "ev", uri: "demo://resource/static/document/features.md", name: "features.md", description: "" },
    { server: "docs", uri: "docs://guide", name: "Guide", description: "" },
  ];

  async function typed(value: string, findFiles = vi.fn(async () => [{ path: "src/arch.go" }])) {
    const listResources = vi.fn(async () => resources);
    render(<Composer streaming={false} onSend={vi.fn(async () => true)} onStop={vi.fn()} findFiles={findFiles} listResources={listResources} />);
    const input = screen.getByLabelText("Message") as HTMLTextAreaElement;
    act(() => {
      fireEvent.change(input, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
    });
    // Resources list at once, files after the debounced lookup answers.
    await waitFor(() => expect(findFiles).toHaveBeenCalled());
    await act(async () => undefined);
    await screen.findAllByRole("option");
    return { input, listResources };
  }

  it("shows each server's resources in a group named for it, beside the files", async () => {
    const { listResources } = await typed("read @");
    expect(listResources).toHaveBeenCalledTimes(1);
    const list = screen.getByRole("listbox", { name: "Files and MCP resources" });
    expect(within(list).getByRole("option", { name: "src/arch.go" })).toBeTruthy();
    const ev = within(list).getByRole("group", { name: "MCP resources · ev" });
    expect(within(ev).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "architecture.md demo://resource/static/document/architecture.md",
      "features.md demo://resource/static/document/features.md",
    ]);
    expect(within(list).getByRole("group", { name: "MCP resources · docs" })).toBeTruthy();
  });

  it("filters resources by what follows @ and writes @server:uri when one is picked", async () => {
    const { input } = await typed("read @arch", vi.fn(async () => []));
    const options = screen.getAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["architecture.md demo://resource/static/document/architecture.md"]);
    fireEvent.keyDown(input, { key: "Enter" });
    expect(input.value).toBe("read @ev:demo://resource/static/document/architecture.md ");
    expect(screen.queryByRole("listbox")).toBeNull();
  });

  it("offers resources without a file lookup, and no group when no server has any", async () => {
    const listResources = vi.fn(async () => []);
    render(<Composer streaming={false} onSend={vi.fn(async () => true)} onStop={vi.fn()} listResources={listResources} />);
    const input = screen.getByLabelText("Message") as HTMLTextAreaElement;
    act(() => {
      fireEvent.change(input, { target: { value: "@", selectionStart: 1, selectionEnd: 1 } });
    });
    await waitFor(() => expect(listResources).toHaveBeenCalled());
    await act(async () => undefined); // its empty answer settles
    expect(screen.queryByRole("listbox")).toBeNull();
  });
});
