// What the open folder brings (permission rules, hooks, MCP servers,
// commands, agents, skills) and the person's trust in it. Kept apart from
// Backend so the chat's test double needs none of it.
import * as App from "../../wailsjs/go/app/App";
import { BridgeError, call } from "./errors";

/** A workspace file an item runs, as it is now. */
export interface TrustFile {
  path: string;
  /** "file", "link to …", "missing" */
  state: string;
}

/** One file that differs from what was trusted: a unified diff, or a note. */
export interface TrustChange {
  path: string;
  diff: string;
  note: string;
}

export interface TrustItem {
  path: string;
  kind: string;
  /** what it can do, in one sentence */
  summary: string;
  /** it can run code or widen permissions */
  runs: boolean;
  /** the content the person approves */
  digest: string;
  trusted: boolean;
  /** trusted before and changed since */
  changed: boolean;
  reason: string;
  /** the workspace files it runs */
  files: TrustFile[];
  /** the variables it reads, by name */
  vars: string[];
  /** plain warnings: reads credentials, sends data out */
  warnings: string[];
  /** what changed since it was trusted */
  changes: TrustChange[];
}

export interface WorkspaceTrust {
  path: string;
  items: TrustItem[];
  pending: number;
}

export interface TrustApproval {
  path: string;
  digest: string;
}

export interface TrustBackend {
  workspaceTrust(): Promise<WorkspaceTrust>;
  /** trusts each item for the content (digest) that was shown */
  trustWorkspace(approved: TrustApproval[]): Promise<WorkspaceTrust>;
}

function isRec(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const isFile = (v: unknown): v is TrustFile => isRec(v) && typeof v.path === "string" && typeof v.state === "string";
const isChange = (v: unknown): v is TrustChange =>
  isRec(v) && typeof v.path === "string" && typeof v.diff === "string" && typeof v.note === "string";

function isItem(v: unknown): v is TrustItem {
  return (
    isRec(v) && typeof v.path === "string" && typeof v.kind === "string" && typeof v.summary === "string" &&
    typeof v.runs === "boolean" && typeof v.digest === "string" && typeof v.trusted === "boolean" &&
    typeof v.changed === "boolean" && typeof v.reason === "string" && Array.isArray(v.files) && v.files.every(isFile) &&
    isStrings(v.vars) && isStrings(v.warnings) && Array.isArray(v.changes) && v.changes.every(isChange)
  );
}

export function isWorkspaceTrust(v: unknown): v is WorkspaceTrust {
  return isRec(v) && typeof v.path === "string" && typeof v.pending === "number" && Array.isArray(v.items) && v.items.every(isItem);
}

async function trustView(p: () => Promise<unknown>): Promise<WorkspaceTrust> {
  const v = await call<unknown>(p);
  if (!isWorkspaceTrust(v)) throw new BridgeError("internal", "The backend sent a malformed trust list.");
  return v;
}

export const trustBackend: TrustBackend = {
  workspaceTrust: () => trustView(() => App.WorkspaceTrust()),
  trustWorkspace: (approved) => trustView(() => App.TrustWorkspace(approved)),
};
