-- The worktree (agent/worktree's id) a conversation works in; NULL for
-- one that works in its project folder itself.
ALTER TABLE sessions ADD COLUMN worktree TEXT;
