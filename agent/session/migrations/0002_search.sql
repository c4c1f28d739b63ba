-- Full-text search over message text. A message is indexed once it leaves
-- the streaming state, so the index is not rewritten on every flushed delta.
CREATE VIRTUAL TABLE messages_fts USING fts5 (
  text,
  content = 'messages',
  content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2',
  -- Every word of a query matches as a prefix; these indexes keep short
  -- prefixes (typed first) from scanning the whole term list.
  prefix = '1 2 3'
);

INSERT INTO messages_fts (rowid, text)
  SELECT id, text FROM messages WHERE state <> 'streaming';

CREATE TRIGGER messages_fts_finish AFTER UPDATE OF state, text ON messages
WHEN old.state = 'streaming' AND new.state <> 'streaming'
BEGIN
  INSERT INTO messages_fts (rowid, text) VALUES (new.id, new.text);
END;

CREATE TRIGGER messages_fts_edit AFTER UPDATE OF text ON messages
WHEN old.state <> 'streaming' AND new.state <> 'streaming' AND old.text <> new.text
BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.id, old.text);
  INSERT INTO messages_fts (rowid, text) VALUES (new.id, new.text);
END;

CREATE TRIGGER messages_fts_insert AFTER INSERT ON messages
WHEN new.state <> 'streaming'
BEGIN
  INSERT INTO messages_fts (rowid, text) VALUES (new.id, new.text);
END;

CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages
WHEN old.state <> 'streaming'
BEGIN
  INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;
