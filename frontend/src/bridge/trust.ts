// What the open folder brings (permission rules, hooks, MCP servers,
// commands, agents, skills) and the person's trust in it. Kept apart from
// Backend so the chat's test double needs none of it.
import * as Project from "../../wailsjs/go/app/Project";
import { BridgeError, call } from "./errors";
import { onEvent } from "./shell";
import type { app } from "../../wailsjs/go/models";
import type { Wire } from "./wire";

/** A workspace file an item runs, as it is now; state is "file", "link to …" or "missing". */
export type TrustFile = Wire<app.TrustFileView>;

/** One file that differs from what was trusted: a unified diff, or a note. */
export type TrustChange = Wire<app.TrustChangeView>;

/**
 * One thing the folder brings: summary says what it can do in one sentence,
 * runs that it can run code or widen permissions, digest the content the
 * person approves, changed that it was trusted before and changed since;
 * files are the workspace files it runs, vars the variables it reads,
 * warnings plain ones (reads credentials, sends data out).
 */
export type TrustItem = Wire<app.TrustItemView>;

/** What the shown conversation's folder brings; worktree is set when it works in a worktree, judged against the folder's trust. */
export type WorkspaceTrust = Wire<app.WorkspaceTrustView>;

export type TrustApproval = Wire<app.TrustApproval>;

export interface TrustBackend {
  workspaceTrust(): Promise<WorkspaceTrust>;
  /** trusts each item for the content (digest) that was shown */
  trustWorkspace(approved: TrustApproval[]): Promise<WorkspaceTrust>;
  /** calls cb when what the folder brings may have changed (a turn ended, the window came back); returns the unsubscribe */
  onChanged(cb: () => void): () => void;
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
  return (
    isRec(v) && typeof v.path === "string" && typeof v.pending === "number" && Array.isArray(v.items) && v.items.every(isItem) &&
    (v.worktree === undefined || typeof v.worktree === "string")
  );
}

async function trustView(p: () => Promise<unknown>): Promise<WorkspaceTrust> {
  const v = await call<unknown>(p);
  if (!isWorkspaceTrust(v)) throw new BridgeError("internal", "The backend sent a malformed trust list.");
  return v;
}

export const trustBackend: TrustBackend = {
  workspaceTrust: () => trustView(() => Project.WorkspaceTrust()),
  trustWorkspace: (approved) => trustView(() => Project.TrustWorkspace(approved)),
  onChanged: (cb) => onEvent("trust", () => cb()),
};
