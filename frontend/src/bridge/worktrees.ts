// The open folder's worktrees: a conversation in a new one, the list with
// disk sizes, each one's changes by file and hunk, and landing them
// (apply the accepted part, commit on the branch, discard).
import * as Worktrees from "../../wailsjs/go/app/Worktrees";
import type { app, worktree } from "../../wailsjs/go/models";
import { call } from "./errors";
import { onEvent } from "./shell";
import type { Narrow, Wire } from "./wire";

/** A worktree: branch "" for a snapshot copy; created in Unix ms. */
export type WorktreeInfo = Wire<app.WorktreeView>;

export const FILE_STATUSES = ["added", "deleted", "modified"] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/**
 * One changed file: its hunks, each a unified diff accepted on its own (a
 * binary file has one, taken whole); applied once the folder holds it so.
 */
export type FileChange = Narrow<Wire<worktree.FileChange>, { status: FileStatus }>;

/** What Apply did: files written, or (nothing written) the files in conflict. */
export type ApplyResult = Wire<app.ApplyView>;

/** The accepted part: a file's path to its hunk indexes, [] for the whole file. */
export type Selection = Record<string, number[]>;

export interface WorktreesBackend {
  /** newConversation moves the chat into a new worktree of the open folder. */
  newConversation(): Promise<WorktreeInfo>;
  /** current is the worktree the chat works in, null for the folder itself. */
  current(): Promise<WorktreeInfo | null>;
  list(): Promise<WorktreeInfo[]>;
  changes(id: string): Promise<FileChange[]>;
  apply(id: string, selection: Selection): Promise<ApplyResult>;
  /** commit returns the commit's id on branch hearth/<id>. */
  commit(id: string, message: string): Promise<string>;
  discard(id: string): Promise<void>;
  /** onCurrent is told where the chat works whenever that changes. */
  onCurrent(cb: (w: WorktreeInfo | null) => void): () => void;
}

const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");

export function isWorktreeInfo(v: unknown): v is WorktreeInfo {
  if (typeof v !== "object" || v === null) return false;
  const w = v as Record<string, unknown>;
  return (
    typeof w.id === "string" &&
    typeof w.project === "string" &&
    typeof w.path === "string" &&
    typeof w.branch === "string" &&
    typeof w.created === "number" &&
    typeof w.sizeBytes === "number"
  );
}

export function isFileChange(v: unknown): v is FileChange {
  if (typeof v !== "object" || v === null) return false;
  const f = v as Record<string, unknown>;
  return typeof f.path === "string" && FILE_STATUSES.includes(f.status as FileStatus) && typeof f.binary === "boolean" && typeof f.applied === "boolean" && isStrings(f.hunks);
}

function applyResult(v: unknown): ApplyResult {
  const r = (typeof v === "object" && v !== null ? v : {}) as Record<string, unknown>;
  return { files: isStrings(r.files) ? r.files : [], conflicts: isStrings(r.conflicts) ? r.conflicts : [], removed: r.removed === true };
}

const orNull = (v: unknown): WorktreeInfo | null => (isWorktreeInfo(v) ? v : null);

export const worktreesBackend: WorktreesBackend = {
  newConversation: async () => {
    const v = await call<unknown>(() => Worktrees.NewConversation());
    if (!isWorktreeInfo(v)) throw new Error("the worktree came back malformed");
    return v;
  },
  current: async () => orNull(await call<unknown>(() => Worktrees.Current())),
  list: async () => {
    const v = await call<unknown>(() => Worktrees.List());
    return Array.isArray(v) ? v.filter(isWorktreeInfo) : [];
  },
  changes: async (id) => {
    const v = await call<unknown>(() => Worktrees.Changes(id));
    return Array.isArray(v) ? v.filter(isFileChange) : [];
  },
  apply: async (id, selection) => applyResult(await call<unknown>(() => Worktrees.Apply(id, selection))),
  commit: async (id, message) => {
    const v = await call<unknown>(() => Worktrees.Commit(id, message));
    return typeof v === "string" ? v : "";
  },
  discard: (id) => call(() => Worktrees.Discard(id)),
  onCurrent: (cb) => onEvent("worktree", (p) => cb(orNull(p))),
};
