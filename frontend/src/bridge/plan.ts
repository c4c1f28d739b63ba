// The bound methods of plan mode: the conversation's mode, approving a
// proposed plan and sending feedback on it.
import * as Chat from "../../wailsjs/go/app/Chat";
import * as Composer from "../../wailsjs/go/app/Composer";
import type { SendResult } from "./protocol";
import { call } from "./errors";
import type { app } from "../../wailsjs/go/models";
import type { Wire } from "./wire";

/** The conversation's mode (plan, ask, edits or auto), the modes in the order Shift+Tab cycles them, and the plan waiting for approval ("" when none is). */
export type ModeView = Wire<app.ModeView>;

export interface PlanBackend {
  getMode(): Promise<ModeView>;
  setMode(mode: string): Promise<ModeView>;
  /** approve the pending plan into edits or ask and start carrying it out */
  approvePlan(conv: string, mode: "edits" | "ask"): Promise<SendResult>;
  keepPlanning(conv: string, feedback: string): Promise<SendResult>;
}

export const planBackend: PlanBackend = {
  getMode: () => call(() => Composer.GetMode()),
  setMode: (mode) => call(() => Composer.SetMode(mode)),
  approvePlan: (conv, mode) => call(() => Chat.ApprovePlan(conv, mode)),
  keepPlanning: (conv, feedback) => call(() => Chat.KeepPlanning(conv, feedback)),
};
