import type { KnowledgeFolderView } from "../bridge";
import type { SettingsActions } from "./useSettings";

interface Props {
  folders: KnowledgeFolderView[];
  busy: boolean;
  actions: Pick<SettingsActions, "addFolder" | "removeFolder">;
}

/** KnowledgeFolders lists the extra folders (docs, notes) indexed beside every workspace. */
export function KnowledgeFolders({ folders, busy, actions }: Props) {
  return (
    <section className="knowledge-folders settings-fields" aria-labelledby="folders-title">
      <h3 id="folders-title">Knowledge folders</h3>
      <p className="muted">Docs and notes searched with every project, each result labelled with its folder.</p>
      {folders.length > 0 && (
        <ul aria-label="Knowledge folders">
          {folders.map((f) => (
            <li key={f.label} className="row">
              <strong>{f.label}</strong>
              <span className="muted folder-path" title={f.path}>
                {f.path}
              </span>
              <button type="button" className="danger" disabled={busy} onClick={() => void actions.removeFolder(f.label)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <button type="button" disabled={busy} onClick={() => void actions.addFolder()}>
        Add folder…
      </button>
    </section>
  );
}
