import { useContext } from "react";
import type { SettingsFocus } from "../../settings/focus";
import { OpenLink } from "./Markdown";
import { redact } from "../state/redact";

interface Words {
  text: string;
  /** Settings can fix it; at this field when given */
  settings?: boolean | SettingsFocus;
  retry?: boolean;
  compact?: boolean;
}

// What a failure means, in plain words, and which next step to offer.
const words: Record<string, Words> = {
  no_key: { text: "There is no API key for this provider yet.", settings: "key" },
  no_model: { text: "No model is chosen yet.", settings: "model" },
  auth: { text: "The provider did not accept the API key.", settings: "key" },
  bad_key: { text: "The provider did not accept the API key.", settings: "key" },
  quota: { text: "This key has no credit left. Add credit with the provider, or choose another model.", settings: "model" },
  rate_limit: { text: "The provider is limiting how fast Hearth may call it. Wait a moment, then retry.", retry: true },
  overloaded: { text: "The provider is overloaded right now.", retry: true },
  server: { text: "The provider had an internal error.", retry: true },
  network: { text: "Hearth could not reach the provider. Check the connection and the endpoint in Settings.", retry: true, settings: "url" },
  unreachable: { text: "Hearth could not reach the provider. Check the connection and the endpoint in Settings.", retry: true, settings: "url" },
  timeout: { text: "The provider took too long to answer.", retry: true },
  too_large: { text: "The provider's reply grew past Hearth's size limit, so Hearth stopped reading it. Retry, or ask for a shorter answer.", retry: true },
  context_length: {
    text: "The conversation no longer fits the model's context window. Compact it (older turns become a summary; your own messages are kept word for word), start a new chat, or pick a model with a larger window.",
    settings: true, compact: true,
  },
  compacted: { text: "The conversation was compacted." },
  no_vision: { text: "This model can't see images: pick a vision model or send without.", settings: "model" },
  invalid_request: { text: "The provider rejected the request. The model name or endpoint may be wrong.", settings: "model" },
  max_iterations: { text: "The agent reached its step limit for this turn. Ask it to continue, or raise the limit in Settings.", settings: true },
  tool_loop: { text: "The agent kept repeating the same tool call, so Hearth stopped it.", retry: true },
  text_protocol: { text: "The model's replies could not be understood as tool calls.", retry: true },
  canceled: { text: "Stopped." },
  conflict: { text: "Some files changed after this turn, so Hearth left them alone." },
  interrupted: { text: "This reply was cut off when Hearth closed.", retry: true },
  failed: { text: "This reply failed.", retry: true },
};

interface Props {
  cls: string;
  message: string;
  /** the provider's billing page, for a key with no credit */
  billingUrl?: string;
  onOpenSettings?: (focus?: SettingsFocus) => void;
  onRetry?: () => void;
  onCompact?: () => void;
}

/** ErrorNotice says what failed in plain words and offers the next step. */
export function ErrorNotice({ cls, message, billingUrl, onOpenSettings, onRetry, onCompact }: Props) {
  const w = words[cls] ?? { text: "Something went wrong.", retry: true };
  const openLink = useContext(OpenLink);
  const detail = redact(message);
  return (
    <div className="chat-error" role="alert">
      <p>{w.text}</p>
      {detail && detail !== w.text && <p className="chat-error-detail">{detail}</p>}
      <div className="row">
        {billingUrl && (
          <button type="button" onClick={() => openLink(billingUrl)}>
            Add credit
          </button>
        )}
        {w.settings && onOpenSettings && (
          <button type="button" onClick={() => onOpenSettings(w.settings === true ? undefined : w.settings || undefined)}>
            {w.settings === "key" ? "Add the API key" : w.settings === "model" ? "Choose a model" : "Open Settings"}
          </button>
        )}
        {w.compact && onCompact && (
          <button type="button" onClick={onCompact}>
            Compact conversation
          </button>
        )}
        {w.retry && onRetry && (
          <button type="button" onClick={onRetry}>
            Retry
          </button>
        )}
      </div>
    </div>
  );
}
