-- Rebuilding a step exactly: where each tool call fell in the step's text
-- (providers that interleave text and tool calls need the order back), and
-- the provider's opaque reasoning signature, which some providers require
-- to be sent back with the reasoning when the same provider continues.
ALTER TABLE tool_calls ADD COLUMN text_offset INTEGER NOT NULL DEFAULT 0;
ALTER TABLE messages ADD COLUMN reasoning_signature TEXT NOT NULL DEFAULT '';
