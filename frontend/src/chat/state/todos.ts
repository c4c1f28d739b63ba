// The conversation's todo list in the chat: the latest list a turn
// received, or the one a reopened conversation was left with.
import type { StoredTodo } from "../../bridge/sessions";
import type { ChatState } from "./model";
import type { TodoItem } from "../../bridge/protocol.gen";

const statuses: ReadonlySet<string> = new Set(["pending", "in_progress", "completed"]);

/**
 * currentTodos is the newest turn's todo list, else the stored one, else
 * none; an undone turn's list is skipped, as undo put the list back.
 */
export function currentTodos(s: ChatState, stored: StoredTodo[] = []): TodoItem[] {
  for (let i = s.order.length - 1; i >= 0; i--) {
    const t = s.turns[s.order[i] ?? ""];
    if (t?.todos && !t.undone) return t.todos;
  }
  return stored.map((t) => ({ content: t.content, status: statuses.has(t.status) ? (t.status as TodoItem["status"]) : "pending" }));
}

/** todoProgress counts the items done. */
export function todoProgress(items: TodoItem[]): { done: number; total: number } {
  return { done: items.filter((i) => i.status === "completed").length, total: items.length };
}
