// Where Settings opens when an error names what fixes it.

/** The field Settings focuses: the active provider's key, the model, or the endpoint. */
export type SettingsFocus = "key" | "model" | "url";

/**
 * focusTarget is the selector of the field that fixes an error; the key and
 * endpoint are the active provider's.
 */
export function focusTarget(focus: SettingsFocus, activeProvider: string): string {
  switch (focus) {
    case "key":
      return `#key-${CSS.escape(activeProvider)}`;
    case "url":
      return `#url-${CSS.escape(activeProvider)}`;
    case "model":
      return "#active-model";
  }
}
