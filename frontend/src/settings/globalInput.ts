import type { GlobalInput, SettingsView } from "../bridge";
import type { SettingsActions } from "./useSettings";

/** fromView is the global settings as SaveGlobal takes them. */
export function fromView(v: SettingsView): GlobalInput {
  return {
    activeProvider: v.activeProvider,
    activeModel: v.activeModel,
    temperature: v.temperature,
    reasoningEffort: v.reasoningEffort,
    maxIterations: v.maxIterations,
    approvalMode: v.approvalMode,
    modelTitles: v.modelTitles,
    promptProfile: v.promptProfile,
    maxRunning: v.maxRunning,
    backgroundProcesses: v.backgroundProcesses,
    containApproved: v.sandbox.containApproved,
    reopenLastWorkspace: v.reopenLastWorkspace,
    checkOff: v.checkOff,
    checkRounds: v.checkRounds,
  };
}

/** saveField saves one changed global field, the rest as the view has them. */
export function saveField(view: SettingsView, actions: SettingsActions, patch: Partial<GlobalInput>) {
  return actions.saveGlobal({ ...fromView(view), ...patch });
}
