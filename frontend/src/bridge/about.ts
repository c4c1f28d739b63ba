// Settings → About: the program's version, as the build set it.
import * as App from "../../wailsjs/go/app/App";
import { call } from "./errors";

export function appVersion(): Promise<string> {
  return call(() => App.Version());
}
