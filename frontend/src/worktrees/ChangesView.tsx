import { useCallback, useEffect, useId, useRef, useState } from "react";
import type { ApplyResult, FileChange, WorktreeInfo, WorktreesBackend } from "../bridge/worktrees";
import { DiffView } from "../chat/components/DiffView";
import { acceptAll, fileState, toggleFile, toggleHunk, toSelection, where, type Accepted } from "./selection";
import "./worktrees.css";

interface Props {
  backend: WorktreesBackend;
  tree: WorktreeInfo;
  onClose: () => void;
  /** onRemoved is told the worktree is gone (fully applied or discarded). */
  onRemoved: (id: string) => void;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

/**
 * ChangesView reviews one worktree: each changed file and its hunks, each
 * accepted on its own, then "Apply to my folder" (only what was accepted,
 * all or nothing), "Commit on the branch" (git) or "Discard".
 */
export function ChangesView({ backend, tree, onClose, onRemoved }: Props) {
  const [files, setFiles] = useState<FileChange[] | null>(null);
  const [accepted, setAccepted] = useState<Accepted>({});
  const [error, setError] = useState("");
  const [result, setResult] = useState<ApplyResult | null>(null);
  const [note, setNote] = useState("");
  const [commitMsg, setCommitMsg] = useState("");
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  const id = useId();

  const load = useCallback(() => {
    backend.changes(tree.id).then(
      (f) => {
        setFiles(f);
        setAccepted({});
      },
      (e: unknown) => setError(message(e)),
    );
  }, [backend, tree.id]);
  useEffect(load, [load]);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    return () => before?.focus();
  }, []);

  // What the folder already holds is done; the rest is what can be accepted.
  const open = files?.filter((f) => !f.applied) ?? [];
  const landed = files?.filter((f) => f.applied) ?? [];
  const selection = toSelection(accepted, open);
  const chosen = Object.keys(selection).length;

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError("");
    setNote("");
    setResult(null);
    try {
      await what();
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  };
  const apply = () =>
    run(async () => {
      const r = await backend.apply(tree.id, selection);
      setResult(r);
      if (r.removed) onRemoved(tree.id);
      else if (r.conflicts.length === 0) load();
    });
  const commit = () =>
    run(async () => {
      const sha = await backend.commit(tree.id, commitMsg);
      setNote(`Committed ${sha.slice(0, 10)} on ${tree.branch}.`);
      setCommitMsg("");
    });
  const discard = () => {
    if (!confirmDiscard) return setConfirmDiscard(true);
    return run(async () => {
      await backend.discard(tree.id);
      onRemoved(tree.id);
    });
  };

  const titleId = `${id}-title`;
  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className="help-overlay worktree-changes"
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            onClose();
          }
        }}
      >
        <header>
          <h2 id={titleId}>Changes in {where(tree)}</h2>
          <button ref={close} type="button" onClick={onClose}>
            Close
          </button>
        </header>
        <p className="muted worktree-path" title={tree.path}>
          Worked in {tree.path}
        </p>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {result && result.conflicts.length > 0 && (
          <div role="alert" className="error worktree-conflict">
            Nothing was applied: your folder changed these files differently.
            <ul>
              {result.conflicts.map((f) => (
                <li key={f}>
                  <code>{f}</code>
                </li>
              ))}
            </ul>
          </div>
        )}
        <p role="status" className="worktree-status">
          {result && result.conflicts.length === 0 &&
            `Applied ${result.files.length} file${result.files.length === 1 ? "" : "s"} to your folder${result.removed ? "; everything is in, so the worktree was removed" : ""}.`}
          {note}
        </p>
        {files === null ? (
          <p className="muted">Loading…</p>
        ) : files.length === 0 ? (
          <p className="muted">No changes.</p>
        ) : (
          <>
            {landed.length > 0 && (
              <p className="muted worktree-landed">
                Already in your folder:{" "}
                {landed.map((f, i) => (
                  <span key={f.path}>
                    {i > 0 && ", "}
                    <code>{f.path}</code>
                  </span>
                ))}
              </p>
            )}
            {open.length > 0 && (
            <>
            <div className="worktree-accept-all">
              <button type="button" onClick={() => setAccepted(acceptAll(open))}>
                Accept all
              </button>
              <button type="button" onClick={() => setAccepted({})}>
                Accept none
              </button>
              <span className="muted">
                {chosen} of {open.length} file{open.length === 1 ? "" : "s"} accepted
              </span>
            </div>
            <ul className="worktree-files" aria-label="Changed files">
              {open.map((f) => (
                <FileRow key={f.path} file={f} accepted={accepted} setAccepted={setAccepted} />
              ))}
            </ul>
            </>
            )}
          </>
        )}
        <footer className="worktree-actions">
          <button type="button" className="primary" disabled={busy || chosen === 0} onClick={() => void apply()}>
            Apply to my folder
          </button>
          {tree.branch !== "" && (
            <span className="worktree-commit">
              <input
                type="text"
                aria-label="Commit message"
                placeholder="Commit message"
                value={commitMsg}
                onChange={(e) => setCommitMsg(e.target.value)}
              />
              <button type="button" disabled={busy || commitMsg.trim() === "" || !files?.length} onClick={() => void commit()}>
                Commit on the branch
              </button>
            </span>
          )}
          <button type="button" className="danger" disabled={busy} onClick={() => void discard()} onBlur={() => setConfirmDiscard(false)}>
            {confirmDiscard ? "Discard: click again to confirm" : "Discard"}
          </button>
        </footer>
      </div>
    </div>
  );
}

function FileRow({ file: f, accepted, setAccepted }: { file: FileChange; accepted: Accepted; setAccepted: (a: Accepted) => void }) {
  const state = fileState(accepted, f);
  const mine = accepted[f.path] ?? [];
  return (
    <li className={`worktree-file worktree-${f.status}`}>
      <label className="worktree-file-head">
        <input
          type="checkbox"
          checked={state === "all"}
          ref={(el) => {
            if (el) el.indeterminate = state === "some";
          }}
          onChange={() => setAccepted(toggleFile(accepted, f))}
          aria-label={`Accept ${f.path}`}
        />
        <code>{f.path}</code> <span className="worktree-file-status">{f.status}</span>
      </label>
      {f.binary || f.hunks.length === 1 ? (
        f.hunks[0] !== undefined && <DiffView diff={f.hunks[0]} label={`Diff of ${f.path}`} />
      ) : (
        <ol className="worktree-hunks">
          {f.hunks.map((h, i) => (
            <li key={i}>
              <label>
                <input type="checkbox" checked={mine.includes(i)} onChange={() => setAccepted(toggleHunk(accepted, f, i))} />
                Accept hunk {i + 1} of {f.hunks.length} of {f.path}
              </label>
              <DiffView diff={h} label={`Hunk ${i + 1} of ${f.path}`} />
            </li>
          ))}
        </ol>
      )}
    </li>
  );
}
