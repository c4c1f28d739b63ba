-- A task call's subagent transcript (JSON: agent, description, steps), NULL for other calls.
ALTER TABLE tool_calls ADD COLUMN subagent TEXT;
