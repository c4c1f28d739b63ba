import { useState } from "react";

interface Props {
  percent: number;
  busy: boolean;
  onSet: (percent: number) => void;
}

/** McpBudget (keyed by percent, so a new value resets it) sets the share of the model's context MCP tool definitions may take before they are deferred. */
export function McpBudget({ percent, busy, onSet }: Props) {
  const [text, setText] = useState(String(percent));
  const n = Number(text);
  const valid = Number.isInteger(n) && n >= 1 && n <= 100;
  return (
    <form
      className="row"
      aria-label="Deferral budget"
      onSubmit={(e) => {
        e.preventDefault();
        if (valid && n !== percent) onSet(n);
      }}
    >
      <label htmlFor="mcp-budget-percent">Defer tool definitions over (% of the model's context)</label>
      <input id="mcp-budget-percent" type="number" min={1} max={100} step={1} value={text} onChange={(e) => setText(e.target.value)}
        aria-invalid={!valid} />
      <button type="submit" disabled={busy || !valid || n === percent}>
        Set
      </button>
    </form>
  );
}
