import { useMemo, useState } from "react";
import { elicitBackend, type ElicitAction, type ElicitBackend } from "../../bridge/elicit";
import { contentOf, fieldsOf, initialValues, type Field, type Values } from "../state/elicit";
import type { ElicitQuestion } from "../state/model";
import "./elicitation.css";
import { redact } from "../state/redact";
import { useConversationId } from "../hooks/useConversations";

interface Props {
  question: ElicitQuestion;
  backend?: ElicitBackend;
}

const outcomes: Record<ElicitAction, string> = { accept: "Answered", decline: "Declined", cancel: "Cancelled" };

function FieldInput({ f, id, value, set }: { f: Field; id: string; value: Values[string]; set: (v: Values[string]) => void }) {
  switch (f.kind) {
    case "boolean":
      return <input id={id} type="checkbox" checked={value === true} onChange={(e) => set(e.target.checked)} />;
    case "choice":
      return (
        <select id={id} value={typeof value === "string" ? value : ""} required={f.required} onChange={(e) => set(e.target.value)}>
          {!f.required && <option value="">(none)</option>}
          {f.options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case "choices": {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <span id={id} role="group" className="elicit-choices">
          {f.options.map((o) => (
            <label key={o.value}>
              <input
                type="checkbox"
                checked={chosen.includes(o.value)}
                onChange={(e) => set(e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))}
              />
              {o.label}
            </label>
          ))}
        </span>
      );
    }
    default:
      return (
        <input
          id={id}
          type={f.kind === "text" ? f.format : "number"}
          step={f.kind === "integer" ? 1 : "any"}
          min={f.kind !== "text" && f.min !== null ? f.min : undefined}
          max={f.kind !== "text" && f.max !== null ? f.max : undefined}
          required={f.required}
          value={typeof value === "string" ? value : ""}
          onChange={(e) => set(e.target.value)}
        />
      );
  }
}

/**
 * ElicitationCard shows an MCP server's question, asked while one of its
 * tools runs, as a form built from the server's schema: Send answers it,
 * Decline refuses, Cancel dismisses it.
 */
export function ElicitationCard({ question: q, backend = elicitBackend }: Props) {
  const conv = useConversationId();
  const fields = useMemo(() => fieldsOf(q.schema), [q.schema]);
  const [values, setValues] = useState<Values>(() => initialValues(fields));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (q.outcome !== null) {
    return (
      <p className={`elicit-done elicit-${q.outcome}`}>
        {outcomes[q.outcome]}: {q.server} asked “{redact(q.message)}”
      </p>
    );
  }
  const answer = (action: ElicitAction, content: Record<string, unknown> | null) => {
    setBusy(true);
    setError(null);
    backend.answerElicitation(conv, q.requestId, action, content).catch((e: unknown) => {
      setBusy(false);
      setError(e instanceof Error ? e.message : String(e));
    });
  };
  const submit = () => {
    const r = contentOf(fields, values);
    if ("error" in r) setError(r.error);
    else answer("accept", r.content);
  };
  const head = `elicit-head-${q.requestId}`;
  return (
    <section className="elicit" role="group" aria-labelledby={head}>
      <p className="elicit-headline" id={head}>
        <span className="elicit-server">{q.server}</span> asks: {redact(q.message)}
      </p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        {fields.map((f) => {
          const id = `elicit-${q.requestId}-${f.name}`;
          return (
            <div className="elicit-field" key={f.name}>
              <label htmlFor={id}>
                {f.label}
                {f.required && <span aria-hidden="true"> *</span>}
              </label>
              <FieldInput f={f} id={id} value={values[f.name] ?? f.initial} set={(v) => setValues((old) => ({ ...old, [f.name]: v }))} />
              {f.description && <small>{f.description}</small>}
            </div>
          );
        })}
        {error && (
          <p className="elicit-error" role="alert">
            {error}
          </p>
        )}
        <div className="row">
          <button type="submit" className="primary" disabled={busy}>
            Send
          </button>
          <button type="button" disabled={busy} onClick={() => answer("decline", null)}>
            Decline
          </button>
          <button type="button" disabled={busy} onClick={() => answer("cancel", null)}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
