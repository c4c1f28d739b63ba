-- Versions of a turn inside one conversation: each message points at the
-- one before it on its branch (parent), so a regenerated or edited turn is
-- a sibling of the prompt it replaces; hidden marks the messages off the
-- branch being shown, so every reader of the shown branch stays a plain
-- scan by seq. Old sessions are one branch: each message's parent is the
-- message before it.
ALTER TABLE messages ADD COLUMN parent INTEGER;
ALTER TABLE messages ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0;

UPDATE messages SET parent = (
  SELECT p.id FROM messages p
  WHERE p.session_id = messages.session_id AND p.seq < messages.seq
  ORDER BY p.seq DESC LIMIT 1);

CREATE INDEX messages_by_parent ON messages (session_id, parent);
