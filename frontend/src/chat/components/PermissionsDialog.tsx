import { useCallback, useEffect, useRef, useState } from "react";
import { permissionsBackend, type PermissionRule, type PermissionsBackend, type PermissionsView } from "../../bridge/permissions";

const verbs: Record<string, string> = {
  edit: "Edit", shell: "Run", read: "Read", mcp: "Call", web_fetch: "Fetch pages from", web_search: "Search the web with",
};
const everything: Record<string, string> = {
  shell: "Run any command", mcp: "Call any MCP tool", web_fetch: "Fetch pages from any site", web_search: "Search the web",
};
const effects: Record<string, string> = { allow: "Allowed", ask: "Asks first", deny: "Never" };

/** describe says what a rule covers in words: "Edit any file", "Run go test *". */
export function describe(r: PermissionRule): string {
  const verb = verbs[r.tool] ?? r.tool;
  if (r.pattern === "" || r.pattern === "**" || r.pattern === "*") {
    return everything[r.tool] ?? `${verb} any file`;
  }
  return `${verb} ${r.pattern}`;
}

interface Props {
  onClose: () => void;
  perms?: PermissionsBackend;
}

/**
 * PermissionsDialog lists what runs without asking: the grants made with
 * "Allow for session" in this chat and the workspace's saved rules, each
 * with Revoke. Esc closes; focus returns where it was.
 */
export function PermissionsDialog({ onClose, perms = permissionsBackend }: Props) {
  const [view, setView] = useState<PermissionsView | null>(null);
  const [error, setError] = useState("");
  const close = useRef<HTMLButtonElement>(null);

  const run = useCallback((p: Promise<PermissionsView>) => {
    p.then((v) => {
      setView(v);
      setError("");
      // A revoked row takes its button with it: keep the keyboard in the dialog.
      requestAnimationFrame(() => {
        if (!document.activeElement?.closest(".permissions")) close.current?.focus();
      });
    }).catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)));
  }, []);
  useEffect(() => run(perms.permissions()), [perms, run]);
  // Esc closes even when the focused row was just revoked away.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    close.current?.focus();
    return () => before?.focus();
  }, []);

  const revoke = (which: "grant" | "rule", r: PermissionRule) =>
    run(which === "grant" ? perms.revokeGrant(r.tool, r.pattern) : perms.revokeRule(r));
  const list = (title: string, rows: PermissionRule[], empty: string, which: "grant" | "rule") => (
    <section aria-label={title}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="perm-list">
          {rows.map((r) => (
            <li key={`${r.tool}|${r.pattern}|${r.effect}`}>
              <span>
                {which === "rule" && <span className={`perm-effect perm-${r.effect}`}>{effects[r.effect] ?? r.effect}: </span>}
                {describe(r)}
              </span>
              <button type="button" aria-label={`Revoke: ${describe(r)}`} onClick={() => revoke(which, r)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );

  return (
    <div className="overlay" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="perm-title"
        className="help-overlay permissions"
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            e.preventDefault();
            onClose();
          }
        }}
      >
        <header>
          <h2 id="perm-title">Permissions</h2>
          <button ref={close} type="button" onClick={onClose}>
            Close
          </button>
        </header>
        {error && (
          <p role="alert" className="error">
            {error}
          </p>
        )}
        {view === null ? (
          <p className="muted">Loading…</p>
        ) : (
          <>
            {list("Allowed in this chat", view.grants, "Nothing allowed for this chat yet. “Allow for session” on an approval adds it here.", "grant")}
            {list("Saved rules of this folder", view.rules, "No saved rules: edits and commands ask first.", "rule")}
          </>
        )}
      </div>
    </div>
  );
}
