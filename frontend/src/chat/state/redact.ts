// Last-line masking of provider keys in anything the chat shows or copies.
// The backend already redacts; this catches what a tool printed in a shape
// it did not know, so a key never lands on screen or on the clipboard.
const patterns: RegExp[] = [
  /\bsk-ant-[A-Za-z0-9_-]{8,}/g,
  /\bsk-or-[A-Za-z0-9_-]{8,}/g,
  /\bsk-[A-Za-z0-9_-]{16,}/g,
  /\b(Bearer\s+)[A-Za-z0-9._~+/=-]{8,}/gi,
];

export const MASK = "[redacted]";

export function redact(text: string): string {
  let out = text;
  for (const re of patterns) {
    out = out.replace(re, (_m, prefix: unknown) => (typeof prefix === "string" ? prefix + MASK : MASK));
  }
  return out;
}
