// Desktop notifications: which kinds notify, the window's focus (they stay
// quiet while it is focused), and a click that opens a conversation.
import type { app } from "../../wailsjs/go/models";
import * as Settings from "../../wailsjs/go/app/Settings";
import * as Shell from "../../wailsjs/go/app/Shell";
import { call } from "./errors";
import { onEvent } from "./shell";
import type { SettingsView } from "./types";
import type { Wire } from "./wire";

/** Which moments notify (finished, failed, needs you) and whether the message carries details. */
export type NotificationsView = Wire<app.NotificationsView>;

export const defaultNotifications: NotificationsView = { finished: true, failed: true, needsYou: true, details: false };

export interface NotificationsBackend {
  /** set saves the choices and returns them as saved. */
  set(v: NotificationsView): Promise<NotificationsView>;
  windowFocused(focused: boolean): void;
  /** onOpenConversation is called with the session id of the conversation whose notification the person clicked. */
  onOpenConversation(cb: (id: string) => void): () => void;
}

export const notificationsBackend: NotificationsBackend = {
  set: async (v) => (await call<SettingsView>(() => Settings.SetNotifications(v))).notifications ?? v,
  windowFocused: (focused) => {
    if ("go" in window) void Shell.WindowFocused(focused).catch(() => undefined);
  },
  onOpenConversation: (cb) =>
    onEvent("open-conversation", (v) => {
      const id = typeof v === "object" && v !== null ? (v as { sessionId?: unknown }).sessionId : undefined;
      if (typeof id === "string" && id) cb(id);
    }),
};
