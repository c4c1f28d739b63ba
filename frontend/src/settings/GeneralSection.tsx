import type { SettingsView } from "../bridge";
import { CommitField } from "./CommitField";
import { saveField } from "./globalInput";
import type { SettingsActions } from "./useSettings";

/** GeneralSection: what happens at start, conversation names, how long the agent may run. */
export function GeneralSection({ view, actions }: { view: SettingsView; actions: SettingsActions }) {
  const save = (patch: Parameters<typeof saveField>[2]) => void saveField(view, actions, patch);
  return (
    <div className="settings-fields">
      <div className="setting">
        <label className="checkbox">
          <input type="checkbox" checked={view.reopenLastWorkspace} onChange={(e) => save({ reopenLastWorkspace: e.target.checked })} />
          Reopen the last folder on start
        </label>
      </div>
      <div className="setting">
        <label className="checkbox">
          <input type="checkbox" checked={view.modelTitles} onChange={(e) => save({ modelTitles: e.target.checked })} aria-describedby="model-titles-hint" />
          Name conversations
        </label>
        <p className="hint" id="model-titles-hint">
          After the first reply, the fast model (or the active one) suggests a short title.
        </p>
      </div>
      <div className="setting">
        <label htmlFor="max-iterations">Max agent iterations</label>
        <CommitField
          id="max-iterations"
          type="number"
          min={1}
          max={500}
          value={String(view.maxIterations)}
          aria-describedby="max-iterations-hint"
          onCommit={(t) => save({ maxIterations: Number(t) })}
        />
        <p className="hint" id="max-iterations-hint">
          How many model calls one turn may make before it stops and asks.
        </p>
      </div>
      <div className="setting">
        <label htmlFor="max-running">Turns at once</label>
        <CommitField
          id="max-running"
          type="number"
          min={1}
          max={16}
          value={String(view.maxRunning)}
          aria-describedby="max-running-hint"
          onCommit={(t) => save({ maxRunning: Number(t) })}
        />
        <p className="hint" id="max-running-hint">
          How many conversations of a folder may run a turn at the same time; the others wait their turn.
        </p>
      </div>
    </div>
  );
}
