-- The conversation's mode (plan, ask, edits, auto; '' for the Settings
-- default) and its todo list (a JSON array), restored when it is reopened.
ALTER TABLE sessions ADD COLUMN mode TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN todos TEXT NOT NULL DEFAULT '';
