-- A user message's attachments, in order; the bytes of images and documents
-- live once per content in files named by their SHA-256 beside the database.
CREATE TABLE attachments (
  message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  ord        INTEGER NOT NULL,
  kind       TEXT NOT NULL,
  media_type TEXT NOT NULL DEFAULT '',
  name       TEXT NOT NULL DEFAULT '',
  text       TEXT NOT NULL DEFAULT '',
  sha256     TEXT NOT NULL DEFAULT '',
  size       INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (message_id, ord)
);
CREATE INDEX attachments_sha256 ON attachments (sha256) WHERE sha256 != '';
