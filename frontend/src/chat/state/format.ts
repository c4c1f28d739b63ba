// Plain-words formatting of a turn's figures.
import type { Usage } from "../../bridge/protocol";

/** formatElapsed renders a duration as "0.4 s", "8 s" or "1 m 05 s". */
export function formatElapsed(ms: number): string {
  // A fast turn reads in tenths: "0 s" would say nothing happened.
  if (ms > 0 && ms < 100) return "<0.1 s";
  if (ms > 0 && ms < 1000) return `0.${Math.floor(ms / 100)} s`;
  const total = Math.max(0, Math.floor(ms / 1000));
  const m = Math.floor(total / 60);
  const s = total % 60;
  if (m === 0) return `${s} s`;
  if (m < 60) return `${m} m ${String(s).padStart(2, "0")} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, "0")} m`;
}

/** formatTokens renders a count compactly: 950, 12.3k, 1.2M. */
export function formatTokens(n: number): string {
  if (n < 1000) return String(n);
  if (n < 1_000_000) return `${(n / 1000).toFixed(n < 10_000 ? 1 : 0)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/**
 * formatCost renders a known cost; "" when there is none to show: null is
 * unknown, and 0 is what a stored turn whose price was unknown reads back as.
 */
export function formatCost(cost: number | null): string {
  if (cost === null || !(cost > 0)) return "";
  if (cost < 0.01) return "<$0.01";
  return `$${cost.toFixed(2)}`;
}

/** formatUsage says how many tokens a turn used, in plain words: "used 23k tokens"; "" when none were reported. */
export function formatUsage(u: Usage): string {
  const total = u.inputTokens + u.outputTokens;
  return total > 0 ? `used ${formatTokens(total)} tokens` : "";
}

const count = (n: number) => n.toLocaleString("en-US");

/** usageDetails spells a turn's tokens out for the footer's tooltip. */
export function usageDetails(u: Usage): string {
  const lines = [`${count(u.inputTokens)} tokens read by the model (your messages, files and tool results)`, `${count(u.outputTokens)} tokens written by the model`];
  if (u.cachedInputTokens > 0) lines.push(`${count(u.cachedInputTokens)} of those read came from the provider's cache`);
  if (u.reasoningTokens > 0) lines.push(`${count(u.reasoningTokens)} of those written were reasoning`);
  return lines.join("\n");
}

/** retryLeft is the whole seconds left before a retry, never negative. */
export function retryLeft(at: number, delayMs: number, now: number): number {
  return Math.max(0, Math.ceil((at + delayMs - now) / 1000));
}
