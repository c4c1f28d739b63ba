// Shapes of the sessions, search and index methods of the Go facade, with
// guards for what arrives untyped (events, and lists we render verbatim).

import { isFileChange } from "./guard";
import type { FileChange } from "./protocol";
import type { session } from "../../wailsjs/go/models";

/** One row of the sessions sidebar. updatedAt is unix milliseconds. */
export interface SessionView {
  id: string;
  title: string;
  updatedAt: number;
  model: string;
  costUsd: number;
}

export type MessageRole = "user" | "assistant" | "tool" | "system";

export interface SessionToolCall {
  call_id: string;
  text_offset: number;
  name: string;
  args: string;
  status: string;
  approval?: string;
  output: string;
  full_output?: string;
  /** a task call's subagent transcript */
  subagent?: StoredSubagent | null;
}

/** A subagent's stored transcript: its tool calls (name, args, status, output) and its answer (text). */
export interface StoredSubagent {
  agent: string;
  description?: string;
  steps: { name?: string; args?: string; status?: string; output?: string; text?: string }[];
  /** tokens its responses used, and their cost (absent or 0: unknown) */
  input_tokens?: number;
  output_tokens?: number;
  cost_usd?: number;
}

export interface SessionMessage {
  id: number;
  session_id: string;
  seq: number;
  role: MessageRole;
  text: string;
  reasoning?: string;
  state: string;
  error?: string;
  provider?: string;
  model?: string;
  started_at: string;
  first_token_at?: string;
  finished_at?: string;
  usage: { input_tokens: number; output_tokens: number; reasoning_tokens: number; cost_usd: number };
  tool_calls?: SessionToolCall[];
  /** a user message as typed ("/review foo") when text is its expansion */
  typed?: string;
  /** who sent a user message the person did not type ("hook:Stop") */
  origin?: string;
  /** a prompt's images, PDFs and text files (their bytes fetched by sha256) */
  attachments?: StoredAttachment[] | null;
  /** the hook commands that ran within the message */
  hooks?: StoredHook[] | null;
}

/** A hook run stored with a message (after the call named after, or before any; text_offset runes into the step's text): the Go type (agent/session.HookRun) as Wails generates it. */
export type StoredHook = session.HookRun;

/** An attachment stored with a prompt: the Go type (agent/session.Attachment) as Wails generates it. */
export type StoredAttachment = session.Attachment;

/** What a stored turn changed, while its undo snapshots are kept. */
export interface TurnUndo {
  files: string[];
  stats: FileChange[];
  undone: boolean;
}

/** A stored conversation, as OpenSession returns it. undo is keyed by turn id ("m" + the prompt's id). */
export interface TranscriptView {
  session: SessionView;
  messages: SessionMessage[];
  undo?: Record<string, TurnUndo> | null;
  /** each stored call's one-line summary (and a failed command's exit code), by call id */
  calls?: Record<string, StoredCall> | null;
  /** the conversation's todo list as it was left */
  todos?: StoredTodo[] | null;
}

/** One item of a stored todo list. */
export interface StoredTodo {
  content: string;
  status: string;
}

export interface StoredCall {
  summary: string;
  exitCode?: number;
}

/** One message matching a history search; the snippet marks matches with [ and ]. */
export interface SessionHit {
  session_id: string;
  title: string;
  workspace: string;
  message_id: number;
  role: MessageRole;
  snippet: string;
  at: string;
}

export type ExportFormat = "md" | "json";

/** One file matching a workspace search. highlights are UTF-8 byte ranges in snippet. */
export interface SearchHit {
  path: string;
  source?: string;
  line: number;
  lines?: number[];
  score: number;
  snippet: string;
  highlights?: [number, number][];
  /** the file defines a searched name, and line is where */
  defines?: boolean;
}

export interface SearchView {
  total: number;
  tookMs: number;
  hits: SearchHit[];
  partial: boolean;
  /** total is an estimate: a broad pattern's scan stopped after a page */
  approx?: boolean;
  /** the query found nothing, and this answers it with its last word as a prefix */
  asPrefix?: boolean;
  /** the sentence found nothing, and this ranks the files with any of its words */
  anyWord?: boolean;
}

export interface FileMatch {
  path: string;
  source?: string;
  score: number;
  positions?: number[];
}

export type IndexState = "building" | "ready" | "failed" | "closed";

export interface IndexStatus {
  state: IndexState;
  /** The build's walk is still finding files: the totals are still growing. */
  counting?: boolean;
  files_done: number;
  files_total: number;
  bytes_done: number;
  bytes_total: number;
  files: number;
  bytes: number;
  watcher: string;
  warning?: string;
}

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

export function isSearchHit(v: unknown): v is SearchHit {
  return (
    isObj(v) && isStr(v.path) && isNum(v.line) && isStr(v.snippet) &&
    (v.defines === undefined || typeof v.defines === "boolean") &&
    (v.highlights === undefined || v.highlights === null || (Array.isArray(v.highlights) && v.highlights.every(isRange)))
  );
}

export function isSearchView(v: unknown): v is SearchView {
  return isObj(v) && isNum(v.total) && isNum(v.tookMs) && typeof v.partial === "boolean" &&
    (v.approx === undefined || typeof v.approx === "boolean") && (v.asPrefix === undefined || typeof v.asPrefix === "boolean") &&
    (v.anyWord === undefined || typeof v.anyWord === "boolean") &&
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
