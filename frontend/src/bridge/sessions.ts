// Shapes of the sessions, search and index methods of the Go facade, with
// guards for what arrives untyped (events, and lists we render verbatim).

import { isFileChange } from "./guard";
import type { app, knowledge, session } from "../../wailsjs/go/models";
import type { Narrow, Wire } from "./wire";

/** One row of the sessions sidebar. updatedAt is unix milliseconds. */
export type SessionView = Wire<app.SessionView>;

export type MessageRole = "user" | "assistant" | "tool" | "system";

/** A stored tool call; subagent is a task call's subagent transcript. */
export type SessionToolCall = Narrow<Wire<session.ToolCall>, { subagent?: StoredSubagent | null; attachments?: StoredAttachment[] | null }>;

/** A subagent's stored transcript: its tool calls (name, args, status, output) and its answer (text); tokens and cost absent or 0 when unknown. */
export type StoredSubagent = Wire<session.SubagentRun>;

/**
 * A stored message. typed is a user message as typed ("/review foo") when
 * text is its expansion; origin who sent a user message the person did not
 * type ("hook:Stop"); attachments a prompt's images, PDFs and text files
 * (their bytes fetched by sha256); hooks the hook commands that ran within it.
 */
export type SessionMessage = Narrow<
  Wire<session.Message>,
  { role: MessageRole; tool_calls?: SessionToolCall[] | null; attachments?: StoredAttachment[] | null; hooks?: StoredHook[] | null }
>;

/** A hook run stored with a message (after the call named after, or before any; text_offset runes into the step's text). */
export type StoredHook = Wire<session.HookRun>;

/** An attachment stored with a prompt. */
export type StoredAttachment = Wire<session.Attachment>;

/** What a stored turn changed, while its undo snapshots are kept. */
export type TurnUndo = Wire<app.TurnUndoView>;

/**
 * A stored conversation, as OpenSession returns it. undo is keyed by turn id
 * ("m" + the prompt's id); calls holds each stored call's one-line summary
 * (and a failed command's exit code) by call id; todos the conversation's
 * todo list as it was left.
 */
export type TranscriptView = Narrow<
  Wire<app.TranscriptView>,
  {
    messages: SessionMessage[];
    undo?: Record<string, TurnUndo> | null;
    calls?: Record<string, StoredCall> | null;
    todos?: StoredTodo[] | null;
  }
>;

/** One item of a stored todo list. */
export type StoredTodo = Wire<session.Todo>;

export type StoredCall = Wire<app.StoredCallView>;

/** One message matching a history search; the snippet marks matches with [ and ]. */
export type SessionHit = Narrow<Wire<session.Hit>, { role: MessageRole }>;

export type ExportFormat = "md" | "json";

/** A slash command as the composer's picker lists it: built-in, user, project or an MCP prompt. */
export type CommandEntry = Wire<app.CommandView>;

/**
 * One file matching a workspace search. highlights are UTF-8 byte ranges in snippet; defines says the file defines a searched name, and line is where;
 * matched, for a question ranked by its words, says which words the file holds and the name it defines holding each (why it is listed).
 */
export type SearchHit = Narrow<Wire<knowledge.Hit>, { highlights?: [number, number][] | null }>;

/**
 * A workspace search's answer. approx: total is an estimate (a broad
 * pattern's scan stopped after a page); asPrefix: the query found nothing,
 * and this answers it with its last word as a prefix; anyWord: the sentence
 * found nothing, and this ranks the files with any of its words; question:
 * the query read as a question, ranked by these words (weightiest first).
 */
export type SearchView = Narrow<
  Wire<app.SearchView>,
  { hits: SearchHit[] | null; approx?: boolean; asPrefix?: boolean; anyWord?: boolean; question?: string }
>;

export type FileMatch = Wire<knowledge.FileMatch>;

export type IndexState = "building" | "ready" | "failed" | "closed";

/** The index's progress; counting says the build's walk is still finding files (the totals are still growing). */
export type IndexStatus = Narrow<Wire<knowledge.Status>, { state: IndexState; counting?: boolean }>;

/** A toast the backend asks for ("notice" event). */
export interface Notice {
  code: string;
  message: string;
}

const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
const isStr = (v: unknown): v is string => typeof v === "string";

export function isSessionView(v: unknown): v is SessionView {
  return isObj(v) && isStr(v.id) && v.id !== "" && isStr(v.title) && isNum(v.updatedAt) && isStr(v.model) && isNum(v.costUsd);
}

function isTurnUndo(v: unknown): v is TurnUndo {
  return (
    isObj(v) && Array.isArray(v.files) && v.files.every(isStr) && typeof v.undone === "boolean" &&
    Array.isArray(v.stats) && v.stats.every(isFileChange)
  );
}

export function isTranscript(v: unknown): v is TranscriptView {
  return (
    isObj(v) && isSessionView(v.session) && Array.isArray(v.messages) &&
    v.messages.every((m) => isObj(m) && isNum(m.id) && isStr(m.role) && isStr(m.text)) &&
    (v.undo === undefined || v.undo === null || (isObj(v.undo) && Object.values(v.undo).every(isTurnUndo))) &&
    (v.calls === undefined || v.calls === null || (isObj(v.calls) && Object.values(v.calls).every(isStoredCall))) &&
    (v.todos === undefined || v.todos === null || (Array.isArray(v.todos) && v.todos.every((t) => isObj(t) && isStr(t.content) && isStr(t.status))))
  );
}

function isStoredCall(v: unknown): v is StoredCall {
  return isObj(v) && isStr(v.summary) && (v.exitCode === undefined || isNum(v.exitCode));
}

export function isSessionHit(v: unknown): v is SessionHit {
  return isObj(v) && isStr(v.session_id) && isStr(v.title) && isStr(v.snippet) && isNum(v.message_id) && isStr(v.role);
}

function isRange(v: unknown): v is [number, number] {
  return Array.isArray(v) && v.length === 2 && isNum(v[0]) && isNum(v[1]);
}

function isWordMatch(v: unknown): boolean {
  return isObj(v) && isStr(v.word) && (v.definition === undefined || isStr(v.definition));
}

export function isSearchHit(v: unknown): v is SearchHit {
  return (
    isObj(v) && isStr(v.path) && isNum(v.line) && isStr(v.snippet) &&
    (v.defines === undefined || typeof v.defines === "boolean") &&
    (v.matched === undefined || v.matched === null || (Array.isArray(v.matched) && v.matched.every(isWordMatch))) &&
    (v.highlights === undefined || v.highlights === null || (Array.isArray(v.highlights) && v.highlights.every(isRange)))
  );
}

export function isSearchView(v: unknown): v is SearchView {
  return isObj(v) && isNum(v.total) && isNum(v.tookMs) && typeof v.partial === "boolean" &&
    (v.approx === undefined || typeof v.approx === "boolean") && (v.asPrefix === undefined || typeof v.asPrefix === "boolean") &&
    (v.anyWord === undefined || typeof v.anyWord === "boolean") && (v.question === undefined || isStr(v.question)) &&
    (v.hits === null || (Array.isArray(v.hits) && v.hits.every(isSearchHit)));
}

export function isFileMatch(v: unknown): v is FileMatch {
  return isObj(v) && isStr(v.path) && isNum(v.score);
}

const indexStates: ReadonlySet<string> = new Set<IndexState>(["building", "ready", "failed", "closed"]);

export function isIndexStatus(v: unknown): v is IndexStatus {
  return (
    isObj(v) && isStr(v.state) && indexStates.has(v.state) &&
    (v.counting === undefined || typeof v.counting === "boolean") &&
    isNum(v.files_done) && isNum(v.files_total) && isNum(v.bytes_done) && isNum(v.bytes_total) &&
    isNum(v.files) && isNum(v.bytes) && isStr(v.watcher) && (v.warning === undefined || isStr(v.warning))
  );
}

/** parseNotice accepts the JSON string the backend emits (or the object itself). */
export function parseNotice(v: unknown): Notice | null {
  let o: unknown = v;
  if (isStr(v)) {
    try {
      o = JSON.parse(v) as unknown;
    } catch {
      return v.trim() === "" ? null : { code: "internal", message: v };
    }
  }
  if (isObj(o) && isStr(o.message) && o.message !== "") return { code: isStr(o.code) ? o.code : "internal", message: o.message };
  return null;
}
