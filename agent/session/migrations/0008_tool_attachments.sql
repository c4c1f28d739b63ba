-- Images and documents a tool returned are attachments of its call: the
-- assistant step's row, with the call's id (empty for a prompt's own).
ALTER TABLE attachments ADD COLUMN call_id TEXT NOT NULL DEFAULT '';
