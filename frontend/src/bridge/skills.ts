// Settings → Skills: the Agent Skills the model is offered, each of which
// can be turned off.
import * as App from "../../wailsjs/go/app/App";
import { call } from "./errors";
import type { app } from "../../wailsjs/go/models";
import type { Wire } from "./wire";

/** A skill; scope is user or project. */
export type SkillView = Wire<app.SkillView>;

export interface SkillsBackend {
  listSkills(): Promise<SkillView[]>;
  /** returns the list as it is afterwards */
  setSkillEnabled(name: string, enabled: boolean): Promise<SkillView[]>;
}

export const skillsBackend: SkillsBackend = {
  listSkills: () => call(() => App.ListSkills()),
  setSkillEnabled: (name, enabled) => call(() => App.SetSkillEnabled(name, enabled)),
};
