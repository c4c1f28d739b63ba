// Settings → About: the program's version, as the build set it, and the
// opt-in check for a newer release.
import type { app } from "../../wailsjs/go/models";
import * as Shell from "../../wailsjs/go/app/Shell";
import { call } from "./errors";
import type { SettingsView } from "./types";
import type { Wire } from "./wire";

export type UpdateView = Wire<app.UpdateView>;

export function appVersion(): Promise<string> {
  return call(() => Shell.Version());
}

/** checkForUpdates reads the release feed, only when the person turned the check on. */
export function checkForUpdates(): Promise<UpdateView> {
  return call<UpdateView>(() => Shell.CheckForUpdates());
}

/** setUpdateCheck turns the check on or off and says which it is now. */
export async function setUpdateCheck(enabled: boolean): Promise<boolean> {
  const v = await call<SettingsView>(() => Shell.SetUpdateCheck(enabled));
  return !!v.updateCheck;
}

/** executablePath is where the running hearth binary is, for the editor configuration. */
export function executablePath(): Promise<string> {
  return call(() => Shell.ExecutablePath());
}
