-- Sessions, their messages and the tool calls made in each assistant step.
-- Times are Unix milliseconds; cost is in millionths of a US dollar so sums
-- stay exact.
CREATE TABLE sessions (
  id                 TEXT PRIMARY KEY,
  workspace          TEXT NOT NULL,
  title              TEXT NOT NULL DEFAULT '',
  title_source       TEXT NOT NULL DEFAULT '',
  provider           TEXT NOT NULL DEFAULT '',
  model              TEXT NOT NULL DEFAULT '',
  parent_id          TEXT,
  forked_from        INTEGER,
  created_at         INTEGER NOT NULL,
  updated_at         INTEGER NOT NULL,
  input_tokens       INTEGER NOT NULL DEFAULT 0,
  output_tokens      INTEGER NOT NULL DEFAULT 0,
  cache_read_tokens  INTEGER NOT NULL DEFAULT 0,
  cache_write_tokens INTEGER NOT NULL DEFAULT 0,
  reasoning_tokens   INTEGER NOT NULL DEFAULT 0,
  cost_microusd      INTEGER NOT NULL DEFAULT 0,
  deleted_at         INTEGER
) STRICT;

CREATE INDEX sessions_by_workspace ON sessions (workspace, updated_at DESC);
CREATE INDEX sessions_by_updated ON sessions (updated_at DESC);

CREATE TABLE messages (
  id                 INTEGER PRIMARY KEY,
  session_id         TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  seq                INTEGER NOT NULL,
  role               TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'summary')),
  text               TEXT NOT NULL DEFAULT '',
  reasoning          TEXT NOT NULL DEFAULT '',
  state              TEXT NOT NULL CHECK (state IN ('streaming', 'complete', 'stopped', 'interrupted', 'failed')),
  error              TEXT NOT NULL DEFAULT '',
  provider           TEXT NOT NULL DEFAULT '',
  model              TEXT NOT NULL DEFAULT '',
  started_at         INTEGER NOT NULL,
  first_token_at     INTEGER,
  finished_at        INTEGER,
  input_tokens       INTEGER NOT NULL DEFAULT 0,
  output_tokens      INTEGER NOT NULL DEFAULT 0,
  cache_read_tokens  INTEGER NOT NULL DEFAULT 0,
  cache_write_tokens INTEGER NOT NULL DEFAULT 0,
  reasoning_tokens   INTEGER NOT NULL DEFAULT 0,
  cost_microusd      INTEGER NOT NULL DEFAULT 0,
  undo_snapshot      TEXT NOT NULL DEFAULT '',
  owner              TEXT NOT NULL DEFAULT '',
  UNIQUE (session_id, seq)
) STRICT;

CREATE INDEX messages_streaming ON messages (owner) WHERE state = 'streaming';

CREATE TABLE tool_calls (
  id          INTEGER PRIMARY KEY,
  message_id  INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
  seq         INTEGER NOT NULL,
  call_id     TEXT NOT NULL,
  name        TEXT NOT NULL,
  args        TEXT NOT NULL DEFAULT '',
  status      TEXT NOT NULL CHECK (status IN ('running', 'ok', 'error', 'denied', 'interrupted')),
  approval    TEXT NOT NULL DEFAULT '',
  output      TEXT NOT NULL DEFAULT '',
  full_output TEXT,
  started_at  INTEGER NOT NULL,
  finished_at INTEGER,
  UNIQUE (message_id, seq)
) STRICT;
