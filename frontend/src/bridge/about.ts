// Settings → About: the program's version, as the build set it.
import * as Shell from "../../wailsjs/go/app/Shell";
import { call } from "./errors";

export function appVersion(): Promise<string> {
  return call(() => Shell.Version());
}
