import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isChatEvent } from "../../bridge/guard";
import type { TodoItem } from "../../bridge/protocol.gen";
import { chatReducer, initialState } from "../state/state";
import { done, started, stream } from "../testing/testkit";
import { TodoPanel } from "./TodoPanel";
import { currentTodos, todoProgress } from "../state/todos";

const items = (...s: [string, TodoItem["status"]][]): TodoItem[] => s.map(([content, status]) => ({ content, status }));

describe("todo list", () => {
  it("takes the newest turn's list, in order, over the stored one", () => {
    const first = items(["Write a.txt", "pending"], ["Say so", "pending"]);
    const ticked = items(["Write a.txt", "completed"], ["Say so", "in_progress"]);
    let s = chatReducer(initialState, {
      type: "events",
      events: stream("t1", started("go"), { type: "todos", items: first }, { type: "todos", items: ticked }, done()),
      now: 0,
    });
    expect(currentTodos(s, [{ content: "old", status: "completed" }])).toEqual(ticked);
    // A later turn without a todos event keeps showing the list.
    s = chatReducer(s, { type: "events", events: stream("t2", started("more"), done()), now: 0 });
    expect(currentTodos(s)).toEqual(ticked);
    expect(todoProgress(ticked)).toEqual({ done: 1, total: 2 });
  });

  it("shows the list as it was before a turn once that turn is undone", () => {
    const first = items(["Write a.txt", "in_progress"]);
    const later = items(["Write a.txt", "completed"], ["Write b.txt", "completed"]);
    let s = chatReducer(initialState, { type: "events", events: stream("t1", started("a"), { type: "todos", items: first }, done()), now: 0 });
    s = chatReducer(s, { type: "events", events: stream("t2", started("b"), { type: "todos", items: later }, done()), now: 0 });
    expect(currentTodos(s)).toEqual(later);
    const t2 = s.turns.t2;
    if (!t2) throw new Error("no turn t2");
    expect(currentTodos({ ...s, turns: { ...s.turns, t2: { ...t2, undone: true } } })).toEqual(first);
  });

  it("falls back to a reopened conversation's stored list, reading an unknown status as pending", () => {
    expect(currentTodos(initialState, [{ content: "a", status: "completed" }, { content: "b", status: "weird" }])).toEqual(
      items(["a", "completed"], ["b", "pending"]),
    );
    expect(currentTodos(initialState)).toEqual([]);
  });

  it("rejects a todos event with an unknown status at the boundary", () => {
    const base = { type: "todos", turnId: "t1", seq: 2 };
    expect(isChatEvent({ ...base, items: [{ content: "a", status: "completed" }] })).toBe(true);
    expect(isChatEvent({ ...base, items: [{ content: "a", status: "finished" }] })).toBe(false);
    expect(isChatEvent({ ...base, items: "a" })).toBe(false);
  });
});

describe("TodoPanel", () => {
  it("lists the steps with their state and counts the done ones", () => {
    render(<TodoPanel items={items(["Write a.txt", "completed"], ["Say so", "in_progress"], ["Run tests", "pending"])} />);
    const panel = screen.getByRole("region", { name: "Todo list" });
    expect(within(panel).getByTestId("todo-progress").textContent).toBe("1 of 3 done");
    const rows = within(panel).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual(["✓ Write a.txt (done)", "◐ Say so (in progress)", "○ Run tests (to do)"]);
    expect(rows[0]?.className).toContain("todo-completed");
    expect(panel.querySelector("details")?.open).toBe(true);
  });

  it("folds once every step is done and shows nothing for an empty list", () => {
    const { container, rerender } = render(<TodoPanel items={items(["a", "completed"])} />);
    expect(container.querySelector("details")?.open).toBe(false);
    rerender(<TodoPanel items={[]} />);
    expect(container.querySelector(".todo-panel")).toBeNull();
  });

  it("hides a key the model wrote into a step", () => {
    // Built at run time so no scanner mistakes the fixture for a real key.
    const key = ["sk", "ant", "api03", "abcdefghijklmnopqrstuvwxyz0123456789"].join("-");
    render(<TodoPanel items={items([`use ${key} here`, "pending"])} />);
    expect(screen.getByRole("region", { name: "Todo list" }).textContent).not.toContain("abcdefghijklmnopqrstuvwxyz0123456789");
  });
});
