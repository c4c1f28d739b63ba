// The agent served to other programs (hearth serve inside the app): its
// state, and the approval cards of its turns. Kept apart from Backend so
// the chat's test double needs none of it.
import * as Serve from "../../wailsjs/go/app/Serve";
import type { ApprovalRequest } from "./protocol";
import { BridgeError, call } from "./errors";
import type { app } from "../../wailsjs/go/models";
import type { Wire } from "./wire";
import { onEvent } from "./shell";

/** The served agent's state; error says why the server stopped on its own, "" when it did not. */
export type ServeView = Wire<app.ServeView>;

export type ServeEvent =
  | ({ type: "approval_requested" } & ApprovalRequest)
  | { type: "approval_resolved"; requestId: string; decision?: "allow_once" | "allow_session" | "deny" }
  | { type: "status"; status: ServeView };

export interface ServeBackend {
  servingStatus(): Promise<ServeView>;
  startServing(): Promise<ServeView>;
  stopServing(): Promise<ServeView>;
  answerServedApproval(requestId: string, decision: "allow_once" | "allow_session" | "deny", note: string): Promise<void>;
  /** subscribes to the served turns' approvals and the server's state */
  onServe(cb: (e: ServeEvent) => void): () => void;
}

function isRec(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

export function isServeView(v: unknown): v is ServeView {
  return isRec(v) && typeof v.running === "boolean" && typeof v.url === "string" && typeof v.workspace === "string" &&
    typeof v.error === "string";
}

export function parseServeEvent(v: unknown): ServeEvent | null {
  if (!isRec(v)) return null;
  switch (v.type) {
    case "approval_requested":
      return typeof v.requestId === "string" && typeof v.tool === "string" && typeof v.summary === "string" &&
        (v.kind === "edit" || v.kind === "shell" || v.kind === "other")
        ? {
            type: "approval_requested", requestId: v.requestId, callId: typeof v.callId === "string" ? v.callId : "",
            tool: v.tool, kind: v.kind, summary: v.summary, detail: typeof v.detail === "string" ? v.detail : "",
          }
        : null;
    case "approval_resolved":
      return typeof v.requestId === "string"
        ? { type: "approval_resolved", requestId: v.requestId,
            decision: v.decision === "allow_once" || v.decision === "allow_session" || v.decision === "deny" ? v.decision : undefined }
        : null;
    case "status":
      return isServeView(v.status) ? { type: "status", status: v.status } : null;
  }
  return null;
}

async function view(p: () => Promise<unknown>): Promise<ServeView> {
  const v = await call<unknown>(p);
  if (!isServeView(v)) throw new BridgeError("internal", "The backend sent a malformed serve state.");
  return v;
}

const stopped: ServeView = { running: false, url: "", workspace: "", error: "" };

export const serveBackend: ServeBackend = {
  // Outside the Wails window (tests, a plain browser) nothing is served.
  servingStatus: () => ("go" in window ? view(() => Serve.ServingStatus()) : Promise.resolve(stopped)),
  startServing: () => view(() => Serve.StartServing()),
  stopServing: () => view(() => Serve.StopServing()),
  answerServedApproval: async (id, decision, note) => {
    await call<unknown>(() => Serve.AnswerServedApproval(id, decision, note));
  },
  onServe: (cb) =>
    onEvent("serve", (payload) => {
      const e = parseServeEvent(payload);
      if (e) cb(e);
    }),
};
