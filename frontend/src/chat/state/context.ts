import type { ChatState } from "./state";

export interface ContextFill {
  tokens: number;
  window: number;
  /** 0..1 */
  fraction: number;
}

/** contextFill is how full the model's window was after the latest response, or null if unknown. */
export function contextFill(state: ChatState): ContextFill | null {
  for (let i = state.order.length - 1; i >= 0; i--) {
    const id = state.order[i];
    const c = id ? state.turns[id]?.context : undefined;
    if (c && c.window > 0) return { tokens: c.tokens, window: c.window, fraction: Math.min(1, c.tokens / c.window) };
  }
  return null;
}

export function formatTokens(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(n % 1_000_000 === 0 ? 0 : 1)}M`;
  if (n >= 1000) return `${Math.round(n / 1000)}k`;
  return String(n);
}
