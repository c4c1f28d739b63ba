import type { SettingsView } from "../bridge";
import { CommitField } from "./CommitField";
import { saveField } from "./globalInput";
import type { SettingsActions } from "./useSettings";

type NumberSettingProps = {
  id: string;
  label: string;
  hint: string;
  min: number;
  max: number;
  value: number;
  disabled?: boolean;
  onCommit: (n: number) => void;
};

/** NumberSetting is a labelled number field, saved when the person is done with it. */
function NumberSetting({ id, label, hint, min, max, value, disabled, onCommit }: NumberSettingProps) {
  return (
    <div className="setting">
      <label htmlFor={id}>{label}</label>
      <CommitField
        id={id}
        type="number"
        min={min}
        max={max}
        value={String(value)}
        disabled={disabled}
        aria-describedby={`${id}-hint`}
        onCommit={(t) => onCommit(Number(t))}
      />
      <p className="hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}

/** GeneralSection: what happens at start, conversation names, how long the agent may run, the check after edits. */
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
      <NumberSetting
        id="max-iterations"
        label="Max agent iterations"
        hint="How many model calls one turn may make before it stops and asks."
        min={1}
        max={500}
        value={view.maxIterations}
        onCommit={(n) => save({ maxIterations: n })}
      />
      <NumberSetting
        id="max-running"
        label="Turns at once"
        hint="How many conversations of a folder may run a turn at the same time; the others wait their turn."
        min={1}
        max={16}
        value={view.maxRunning}
        onCommit={(n) => save({ maxRunning: n })}
      />
      <NumberSetting
        id="background-processes"
        label="Background processes"
        hint="How many long-running commands (dev servers, watchers) one conversation may keep running at once."
        min={1}
        max={32}
        value={view.backgroundProcesses}
        onCommit={(n) => save({ backgroundProcesses: n })}
      />
      <div className="setting">
        <label className="checkbox">
          <input type="checkbox" checked={!view.checkOff} onChange={(e) => save({ checkOff: !e.target.checked })} aria-describedby="check-hint" />
          Check the project after edits
        </label>
        <p className="hint" id="check-hint">
          After a turn that edits files, run the project's check command (a trusted .hearth/settings.json check, or one you confirmed).
        </p>
      </div>
      <NumberSetting
        id="check-rounds"
        label="Fix rounds"
        hint="How many times a failing check sends the agent back to fix it (0: never)."
        min={0}
        max={10}
        value={view.checkRounds}
        disabled={view.checkOff}
        onCommit={(n) => save({ checkRounds: n })}
      />
    </div>
  );
}
