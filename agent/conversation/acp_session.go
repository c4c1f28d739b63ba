package conversation

// Adopt makes stored session id, created empty by the caller, the fresh
// conversation's: its turns are recorded into it and its first turn still
// starts the session (SessionStart "startup", a title). It is for a
// front-end that must name a session before its first prompt, as an ACP
// editor's session/new does.
func (c *Conversation) Adopt(id string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.running || c.sessionID != "" || len(c.history) > 0 {
		return inputf("session", "only a fresh conversation can adopt a session")
	}
	c.sessionID = id
	return nil
}
