import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Composer } from "./Composer";
import { mentionAt, pick } from "./mention";

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

  async function type(input: HTMLTextAreaElement, value: string) {
    await act(async () => {
      fireEvent.change(input, { target: { value, selectionStart: value.length, selectionEnd: value.length } });
      await new Promise((r) => setTimeout(r, 120));
    });
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

  it("picks with the mouse and keeps focus in the composer", async () => {
    const { input } = setup();
    input.focus();
    await type(input, "@x");
    fireEvent.mouseDown(screen.getByRole("option", { name: "src/xin.go" }));
    expect(input.value).toBe("@src/xin.go ");
    expect(document.activeElement).toBe(input);
  });
});
