import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { SearchHit } from "../bridge/shell";
import { fakeShell, type FakeShell } from "../shell/fakeShell";
import { SearchLauncher } from "./SearchLauncher";
import { RESULT_LIMIT, SEARCH_DEBOUNCE_MS } from "./useWorkspaceSearch";

const hit = (path: string, line: number, snippet: string, highlights: [number, number][], lines?: number[]): SearchHit => ({ path, line, snippet, highlights, lines, score: 1 });

let shell: FakeShell;
let opened: SearchHit[];

beforeEach(() => {
  vi.useFakeTimers();
  shell = fakeShell();
  opened = [];
  shell.searchResult = {
    total: 2,
    tookMs: 4,
    partial: false,
    hits: [{ ...hit("cmd/main.go", 12, "func main() {", [[5, 9]], [12, 30]), defines: true }, hit("README.md", 3, "run main", [[4, 8]])],
  };
});
afterEach(() => vi.useRealTimers());

function mount(enabled = true, route = true) {
  render(<SearchLauncher shell={shell} enabled={enabled} onOpen={route ? (h) => opened.push(h) : undefined} />);
}

const open = () => act(async () => fireEvent.keyDown(window, { key: "F", ctrlKey: true, shiftKey: true }));
async function type(text: string) {
  fireEvent.change(screen.getByRole("combobox", { name: "Search the workspace" }), { target: { value: text } });
  await act(async () => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS + 5));
}
const options = () => screen.queryAllByRole("option");

describe("search panel", () => {
  // The panel loads on first open (React.lazy): its module is ready before the first test.
  beforeAll(() => import("./SearchPanel"));

  it("opens on Ctrl+Shift+F with the query box focused, closes on Escape", async () => {
    mount();
    expect(screen.queryByRole("dialog")).toBeNull();
    await open();
    const box = screen.getByRole("combobox", { name: "Search the workspace" });
    expect(document.activeElement).toBe(box);
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("does nothing without an open folder", async () => {
    mount(false);
    await open();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("debounces typing and shows results by file with lines and highlights", async () => {
    mount();
    await open();
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "ma" } });
    await type("main");
    expect(shell.searchWorkspace).toHaveBeenCalledTimes(1);
    expect(shell.searchWorkspace).toHaveBeenCalledWith("main", RESULT_LIMIT);
    expect(screen.getByRole("status").textContent).toBe("2 results in 4 ms");
    const [first] = options();
    expect(first?.textContent).toContain("cmd/main.go");
    expect(first?.querySelector(".search-lineno")?.textContent).toBe("12");
    expect(first?.querySelector("mark")?.textContent).toBe("main");
    expect(first?.textContent).toContain("Also line 30");
    // The file defining the name says so; the one mentioning it does not.
    expect(first?.querySelector(".search-defines")?.textContent).toBe("definition");
    expect(options()[1]?.querySelector(".search-defines")).toBeNull();
  });

  it("moves with the arrow keys and opens the selected result with Enter", async () => {
    mount();
    await open();
    await type("main");
    const box = screen.getByRole("combobox");
    expect(options()[0]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(options()[1]?.getAttribute("aria-selected")).toBe("true");
    expect(box.getAttribute("aria-activedescendant")).toBe(options()[1]?.id);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(options()[0]?.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "ArrowUp" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(opened.map((h) => h.path)).toEqual(["README.md"]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("notes a partial index and shows a backend error in words", async () => {
    mount();
    await open();
    shell.searchResult = { ...shell.searchResult, partial: true, total: 1 };
    await type("main");
    expect(screen.getByRole("status").textContent).toContain("1 result in 4 ms");
    expect(screen.getByRole("status").textContent).toContain("still being built");
    shell.searchResult = { ...shell.searchResult, partial: false, approx: true, total: 4100 };
    await type("*Node");
    expect(screen.getByRole("status").textContent).toContain("about 4100 results in 4 ms");
    vi.mocked(shell.searchWorkspace).mockRejectedValueOnce(new Error("unbalanced quote in the query"));
    await type('"main');
    expect(screen.getByRole("status").textContent).toBe("unbalanced quote in the query");
    expect(options()).toHaveLength(0);
  });

  it("says when the backend answered the word being typed as a prefix", async () => {
    const found = { ...shell.searchResult, asPrefix: true };
    vi.mocked(shell.searchWorkspace).mockImplementation(async (q: string) =>
      q === "getFooBa" ? found : { total: 0, tookMs: 1, hits: [], partial: false },
    );
    mount();
    await open();
    await type("getFooBa");
    expect(vi.mocked(shell.searchWorkspace).mock.calls.map(([q]) => q)).toEqual(["getFooBa"]);
    expect(screen.getByRole("status").textContent).toBe("2 results for words starting with “getFooBa” in 4 ms");
    expect(options()).toHaveLength(2);

    // An answer for the query itself stands, unlabelled.
    await type('"no such"');
    expect(shell.searchWorkspace).toHaveBeenLastCalledWith('"no such"', RESULT_LIMIT);
    expect(screen.getByRole("status").textContent).toBe("0 results in 1 ms");
  });

  it("says when a sentence was answered for any of its words", async () => {
    vi.mocked(shell.searchWorkspace).mockResolvedValue({ ...shell.searchResult, anyWord: true });
    mount();
    await open();
    await type("where is the retry delay set");
    expect(screen.getByRole("status").textContent).toBe("No exact match; showing files with any of the words · 2 results in 4 ms");
    expect(options()).toHaveLength(2);
  });

  it("ranks a question by its meaningful words and says under each hit why it matched", async () => {
    vi.mocked(shell.searchWorkspace).mockResolvedValue({
      total: 2,
      tookMs: 6,
      partial: false,
      question: "decide ask command",
      hits: [
        {
          ...hit("agent/permission/gate.go", 9, "func (g *Gate) CheckCommand(line string) Decision {", [[15, 27]]),
          defines: true,
          matched: [{ word: "decide" }, { word: "ask", definition: "Ask" }, { word: "command", definition: "CheckCommand" }],
        },
        { ...hit("docs/running.md", 1, "the agent runs each command", [[20, 27]]), matched: [{ word: "command" }] },
      ],
    });
    mount();
    await open();
    await type("How does the agent decide to ask before running a command?");
    expect(screen.getByRole("status").textContent).toBe("Ranked by the words that carry meaning (decide, ask, command) · 2 results in 6 ms");
    const [gate, docs] = options();
    expect(gate?.textContent).toContain("Matched: decide, ask, command · defines Ask, CheckCommand");
    expect(docs?.textContent).toContain("Matched: command");
    expect(docs?.textContent).not.toContain("defines");
  });

  it("shows no reason for a hit of an exact query", async () => {
    mount();
    await open();
    await type("main");
    expect(options()[0]?.textContent).not.toContain("Matched:");
  });

  it("copies path:line when nothing routes the pick, and stays open", async () => {
    mount(true, false);
    await open();
    await type("main");
    await act(async () => fireEvent.keyDown(screen.getByRole("combobox"), { key: "Enter" }));
    expect(await navigator.clipboard.readText()).toBe("cmd/main.go:12");
    expect(screen.getByRole("status").textContent).toBe("Copied cmd/main.go:12");
    expect(screen.getByRole("dialog")).toBeTruthy();
  });
});
