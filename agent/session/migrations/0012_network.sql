-- Every request Hearth made (agent/egress): for a conversation (its
-- session id) or for the app itself (session_id ''). No foreign key: a
-- request may end before its conversation is first stored. Bounded per
-- session by the store, oldest rows dropped.
CREATE TABLE network (
    id         INTEGER PRIMARY KEY,
    session_id TEXT    NOT NULL DEFAULT '',
    time       INTEGER NOT NULL,
    purpose    TEXT    NOT NULL,
    method     TEXT    NOT NULL,
    host       TEXT    NOT NULL,
    path       TEXT    NOT NULL,
    status     INTEGER NOT NULL DEFAULT 0,
    bytes_out  INTEGER NOT NULL DEFAULT 0,
    bytes_in   INTEGER NOT NULL DEFAULT 0,
    error      TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX network_session ON network(session_id, id);
