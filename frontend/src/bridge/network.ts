// The network log (what Hearth sent where) and the "Work offline" switch.
import type { app } from "../../wailsjs/go/models";
import * as Sessions from "../../wailsjs/go/app/Sessions";
import * as Settings from "../../wailsjs/go/app/Settings";
import { call } from "./errors";
import { isSessionView } from "./sessions";
import type { SettingsView } from "./types";
import type { Wire } from "./wire";

/** One request Hearth made; time is Unix milliseconds, status 0 when none came (error says why). */
export type NetworkEntry = Wire<app.NetworkEntryView>;

/** A conversation the Network view can show the requests of. */
export interface NetworkConversation {
  id: string;
  title: string;
}

export interface NetworkBackend {
  /** list returns the requests made for a conversation, or Hearth's own for "". */
  list(sessionId: string): Promise<NetworkEntry[]>;
  conversations(): Promise<NetworkConversation[]>;
  setOffline(on: boolean): Promise<boolean>;
}

export const networkBackend: NetworkBackend = {
  list: async (id) => (await call<NetworkEntry[] | null>(() => Sessions.Network(id))) ?? [],
  conversations: async () => {
    const v = await call<unknown>(() => Sessions.ListSessions());
    return Array.isArray(v) ? v.filter(isSessionView).map((s) => ({ id: s.id, title: s.title })) : [];
  },
  setOffline: async (on) => !!(await call<SettingsView>(() => Settings.SetOffline(on))).offline,
};
