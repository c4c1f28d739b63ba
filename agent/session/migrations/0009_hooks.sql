-- The hook commands that ran within a message (JSON list: event, command,
-- exit code, time, output, where in the step), so a reopened session shows
-- their rows; '' for none.
ALTER TABLE messages ADD COLUMN hooks TEXT NOT NULL DEFAULT '';
