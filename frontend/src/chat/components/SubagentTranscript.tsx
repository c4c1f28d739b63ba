import type { SubagentRun } from "../state/model";
import { subagentStatus } from "../state/planning";
import { redact } from "../state/redact";
import "./planning.css";

/** SubagentTranscript: under a task row, the subagent's live status and, expanded, its own transcript. */
export function SubagentTranscript({ run }: { run: SubagentRun }) {
  const status = subagentStatus(run);
  return (
    <details className={`subagent subagent-${status.split(" ")[0]}`}>
      <summary>
        <span className="subagent-name">{run.agent}</span> {redact(run.description)} <span className="muted">· {status}</span>
      </summary>
      <ol className="subagent-rows" aria-label={`${run.agent} transcript`}>
        {run.rows.map((r) => (
          <li key={r.toolCallId} className={`subagent-row tool-${r.state}`}>
            <details>
              <summary>
                {r.name} <span className="muted">{r.state}</span>
              </summary>
              {r.output && <pre className="tool-output">{redact(r.output)}</pre>}
            </details>
          </li>
        ))}
      </ol>
      {run.answer !== null && <p className="subagent-answer">{redact(run.answer)}</p>}
    </details>
  );
}
