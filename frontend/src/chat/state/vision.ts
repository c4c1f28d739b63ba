import type { ChatChoiceView } from "../../bridge";

/**
 * canSendImages is whether the composer sends a pasted image without a
 * warning: the model takes images by its name or its server's word, or
 * nobody could tell (then the provider's answer decides). undefined until
 * the choice is known.
 */
export function canSendImages(v: Pick<ChatChoiceView, "vision" | "visionKnown">): boolean | undefined {
  if (v.vision === undefined) return undefined;
  return v.vision || v.visionKnown === false;
}
