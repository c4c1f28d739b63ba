// Settings → Skills: the Agent Skills the model is offered, each of which
// can be turned off.
import * as Composer from "../../wailsjs/go/app/Composer";
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
  listSkills: () => call(() => Composer.ListSkills()),
  setSkillEnabled: (name, enabled) => call(() => Composer.SetSkillEnabled(name, enabled)),
};
