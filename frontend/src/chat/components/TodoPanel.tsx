import type { TodoItem } from "../../bridge/protocol.gen";
import { redact } from "../state/redact";
import { todoProgress } from "../state/todos";
import "./todos.css";

const marks: Record<TodoItem["status"], { icon: string; label: string }> = {
  pending: { icon: "○", label: "to do" },
  in_progress: { icon: "◐", label: "in progress" },
  completed: { icon: "✓", label: "done" },
};

/**
 * TodoPanel is the conversation's todo list above the composer: an approved
 * plan's steps, ticked off as the model updates them. It starts folded once
 * every step is done.
 */
export function TodoPanel({ items }: { items: TodoItem[] }) {
  if (items.length === 0) return null;
  const { done, total } = todoProgress(items);
  return (
    <section className="todo-panel" aria-label="Todo list">
      <details open={done < total}>
        <summary>
          <strong>Todo</strong>{" "}
          <span className="muted" data-testid="todo-progress">
            {done} of {total} done
          </span>
        </summary>
        <ol className="todo-items">
          {items.map((it, i) => (
            <li key={i} className={`todo-item todo-${it.status}`}>
              <span className="todo-mark" aria-hidden="true">
                {marks[it.status].icon}
              </span>{" "}
              <span className="todo-content">{redact(it.content)}</span> <span className="sr-only">({marks[it.status].label})</span>
            </li>
          ))}
        </ol>
      </details>
    </section>
  );
}
