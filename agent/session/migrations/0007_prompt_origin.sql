-- A user message as the person typed it when the model was sent something
-- else (a slash command's expansion), and who sent a message the person did
-- not type (a Stop hook sending the agent back: 'hook:Stop').
ALTER TABLE messages ADD COLUMN typed TEXT NOT NULL DEFAULT '';
ALTER TABLE messages ADD COLUMN origin TEXT NOT NULL DEFAULT '';
