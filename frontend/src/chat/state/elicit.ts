// MCP elicitations in the chat: a server's question while its tool runs,
// the form built from its flat JSON Schema, and the answer that form gives.
// Pure functions the reducer and ElicitationCard use.
import type { ElicitationRequested, ElicitationResolved } from "../../bridge/protocol.gen";
import type { ElicitQuestion, Part, Turn } from "./model";

/** applyElicitation folds an elicitation event into its turn. */
export function applyElicitation(t: Turn, e: ElicitationRequested | ElicitationResolved): Turn {
  if (e.type === "elicitation_requested") {
    const question: ElicitQuestion = { requestId: e.requestId, callId: e.callId, server: e.server, message: e.message, schema: e.schema, outcome: null };
    return { ...t, parts: [...t.parts, { kind: "elicitation", question }] };
  }
  const parts: Part[] = t.parts.map((p) =>
    p.kind === "elicitation" && p.question.requestId === e.requestId ? { kind: "elicitation", question: { ...p.question, outcome: e.action } } : p,
  );
  return { ...t, parts };
}

export interface Option {
  value: string;
  label: string;
}

/** One form field: what the schema asks for, and how to enter it. */
export interface Field {
  name: string;
  label: string;
  description: string;
  kind: "text" | "number" | "integer" | "boolean" | "choice" | "choices";
  /** the input type for text (email, url, date) */
  format: "text" | "email" | "url" | "date" | "datetime-local";
  options: Option[];
  required: boolean;
  min: number | null;
  max: number | null;
  initial: string | boolean | string[];
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const numOrNull = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** optionsOf reads enum (with enumNames) or oneOf/anyOf of const+title. */
function optionsOf(s: Rec): Option[] {
  if (Array.isArray(s.enum)) {
    const names = Array.isArray(s.enumNames) ? s.enumNames : [];
    return s.enum.map((v, i) => ({ value: String(v), label: typeof names[i] === "string" ? names[i] : String(v) }));
  }
  const alts = Array.isArray(s.oneOf) ? s.oneOf : Array.isArray(s.anyOf) ? s.anyOf : [];
  return alts.filter(isRec).map((a) => ({ value: String(a.const), label: typeof a.title === "string" ? a.title : String(a.const) }));
}

const formats: Record<string, Field["format"]> = { email: "email", uri: "url", date: "date", "date-time": "datetime-local" };

/** fieldsOf turns a requested schema into form fields, in its order. */
export function fieldsOf(schema: unknown): Field[] {
  if (!isRec(schema) || !isRec(schema.properties)) return [];
  const required = Array.isArray(schema.required) ? schema.required.filter((x) => typeof x === "string") : [];
  return Object.entries(schema.properties).flatMap(([name, raw]): Field[] => {
    if (!isRec(raw)) return [];
    const base = {
      name,
      label: typeof raw.title === "string" && raw.title !== "" ? raw.title : name,
      description: typeof raw.description === "string" ? raw.description : "",
      required: required.includes(name),
      min: numOrNull(raw.minimum ?? raw.minItems ?? raw.minLength),
      max: numOrNull(raw.maximum ?? raw.maxItems ?? raw.maxLength),
      format: "text" as Field["format"],
      options: [] as Option[],
    };
    const def = raw.default;
    switch (raw.type) {
      case "boolean":
        return [{ ...base, kind: "boolean", initial: def === true }];
      case "number":
      case "integer":
        return [{ ...base, kind: raw.type, initial: typeof def === "number" ? String(def) : "" }];
      case "array": {
        const options = isRec(raw.items) ? optionsOf(raw.items) : [];
        return [{ ...base, kind: "choices", options, initial: Array.isArray(def) ? def.map(String) : [] }];
      }
      default: {
        const options = optionsOf(raw);
        if (options.length > 0) return [{ ...base, kind: "choice", options, initial: typeof def === "string" ? def : "" }];
        const format = typeof raw.format === "string" ? (formats[raw.format] ?? "text") : "text";
        return [{ ...base, kind: "text", format, initial: typeof def === "string" ? def : "" }];
      }
    }
  });
}

export type Values = Record<string, string | boolean | string[]>;

/** initialValues is the form as it first shows: each field's default. */
export function initialValues(fields: Field[]): Values {
  return Object.fromEntries(fields.map((f) => [f.name, f.initial]));
}

/**
 * contentOf is the answer the form gives: typed values for the fields
 * filled in, or the first problem (a required field empty, a number that
 * is not one).
 */
export function contentOf(fields: Field[], values: Values): { content: Record<string, unknown> } | { error: string } {
  const content: Record<string, unknown> = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.kind === "boolean") {
      content[f.name] = v === true;
      continue;
    }
    if (f.kind === "choices") {
      const list = Array.isArray(v) ? v : [];
      if (list.length === 0 && !f.required) continue;
      if (f.min !== null && list.length < f.min) return { error: `${f.label}: choose at least ${f.min}` };
      if (f.max !== null && list.length > f.max) return { error: `${f.label}: choose at most ${f.max}` };
      content[f.name] = list;
      continue;
    }
    const s = typeof v === "string" ? v.trim() : "";
    if (s === "") {
      if (f.required) return { error: `${f.label} is required` };
      continue;
    }
    if (f.kind === "number" || f.kind === "integer") {
      const n = Number(s);
      if (!Number.isFinite(n) || (f.kind === "integer" && !Number.isInteger(n))) return { error: `${f.label} must be ${f.kind === "integer" ? "a whole number" : "a number"}` };
      if (f.min !== null && n < f.min) return { error: `${f.label} must be at least ${f.min}` };
      if (f.max !== null && n > f.max) return { error: `${f.label} must be at most ${f.max}` };
      content[f.name] = n;
      continue;
    }
    content[f.name] = s;
  }
  return { content };
}
