import type { HookRun } from "../state/model";

function outcome(h: HookRun): string {
  if (h.problem) return h.problem;
  if (h.blocked) return `exit ${h.exitCode}, blocked`;
  return `exit ${h.exitCode}`;
}

/** HookRow: one hook command that ran, small; its output collapsed. Failures are marked, never hidden. */
export function HookRow({ hook }: { hook: HookRun }) {
  const failed = Boolean(hook.problem) || (hook.exitCode !== 0 && hook.exitCode !== 2);
  const cls = `hook-row${failed ? " hook-failed" : ""}${hook.blocked ? " hook-blocked" : ""}`;
  const head = (
    <>
      <span className="hook-event">{hook.event}</span> <code className="hook-command">{hook.command}</code>{" "}
      <span className="hook-outcome">
        {outcome(hook)} · {hook.durationMs} ms
      </span>
    </>
  );
  if (!hook.output) {
    return (
      <p className={cls} role="note" aria-label="Hook">
        {head}
      </p>
    );
  }
  return (
    <details className={cls} aria-label="Hook">
      <summary>{head}</summary>
      <pre className="hook-output">{hook.output}</pre>
    </details>
  );
}
