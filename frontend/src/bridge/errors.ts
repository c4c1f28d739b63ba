// Wails rejects a failed bound call with whatever the Go ErrorFormatter
// returned ({code, message, field}) or, for argument errors, a plain string.
// Everything above the bridge sees one typed error.

export type ErrorCode =
  | "keychain_unavailable"
  | "keychain_timeout"
  | "invalid"
  | "internal"
  | "bad_key"
  | "no_key"
  | "unreachable"
  | "wrong_url"
  | "provider_error";

export class BridgeError extends Error {
  readonly code: ErrorCode;
  readonly field?: string;

  constructor(code: ErrorCode, message: string, field?: string) {
    super(message);
    this.name = "BridgeError";
    this.code = code;
    this.field = field;
  }
}

const knownCodes: ReadonlySet<string> = new Set<ErrorCode>([
  "keychain_unavailable",
  "keychain_timeout",
  "invalid",
  "internal",
  "bad_key",
  "no_key",
  "unreachable",
  "wrong_url",
  "provider_error",
]);

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

// Go's ErrorFormatter sends {code, message, field} as a JSON string, which
// the Wails runtime wraps in an Error.
function decodeJSON(text: string): unknown {
  if (!text.startsWith("{")) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function toBridgeError(raw: unknown): BridgeError {
  if (raw instanceof BridgeError) return raw;
  const text = raw instanceof Error ? raw.message : typeof raw === "string" ? raw : undefined;
  const decoded = text === undefined ? undefined : decodeJSON(text);
  if (decoded !== undefined) return toBridgeError(decoded);
  if (isRecord(raw) && !(raw instanceof Error) && typeof raw.message === "string") {
    const code = typeof raw.code === "string" && knownCodes.has(raw.code) ? (raw.code as ErrorCode) : "internal";
    const field = typeof raw.field === "string" && raw.field !== "" ? raw.field : undefined;
    return new BridgeError(code, raw.message, field);
  }
  if (raw instanceof Error) return new BridgeError("internal", raw.message);
  if (typeof raw === "string") return new BridgeError("internal", raw);
  return new BridgeError("internal", "Something went wrong talking to Hearth's backend.");
}

/** call wraps a bound-method promise so it rejects only with BridgeError. */
export async function call<T>(p: () => Promise<unknown>): Promise<T> {
  try {
    return (await p()) as T;
  } catch (e) {
    throw toBridgeError(e);
  }
}
