// The bound method that answers an MCP server's question shown in the chat.
import * as Chat from "../../wailsjs/go/app/Chat";
import { call } from "./errors";

export type ElicitAction = "accept" | "decline" | "cancel";

export interface ElicitBackend {
  /** content is the form's fields (for accept); the backend checks them against the server's schema */
  answerElicitation(conv: string, requestId: string, action: ElicitAction, content: Record<string, unknown> | null): Promise<void>;
}

export const elicitBackend: ElicitBackend = {
  answerElicitation: (conv, requestId, action, content) =>
    call(() => Chat.AnswerElicitation(conv, requestId, action, content === null ? "" : JSON.stringify(content))),
};
