-- The provider, model and reasoning effort the composer's picker set for
-- the conversation ('' for the Settings default), restored when it is
-- reopened; the provider and model columns stay what its first turn used.
ALTER TABLE sessions ADD COLUMN choice_provider TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN choice_model TEXT NOT NULL DEFAULT '';
ALTER TABLE sessions ADD COLUMN choice_effort TEXT NOT NULL DEFAULT '';
