import { contextFill, formatTokens } from "../state/context";
import type { ChatState } from "../state/state";

/** ContextMeter shows how full the model's context window is; Hearth compacts at about 80%. */
export function ContextMeter({ state }: { state: ChatState }) {
  const fill = contextFill(state);
  if (!fill) return null;
  const pct = Math.round(fill.fraction * 100);
  const label = `The conversation fills ${pct}% of what the model can read at once: ${formatTokens(fill.tokens)} of ${formatTokens(fill.window)} tokens. Hearth compacts older turns into a summary at about 80%.`;
  return (
    <span className={`context-meter${fill.fraction >= 0.8 ? " high" : ""}`} title={label}>
      <meter aria-label="Context window" min={0} max={1} low={0.6} high={0.8} optimum={0} value={fill.fraction} />
      <span className="muted">context {pct}% used</span>
    </span>
  );
}
