package settings

// DefaultMaxRunning is how many turns of one project run at once when
// the person chose no bound.
const DefaultMaxRunning = 3

// maxRunningCap keeps the bound where a machine and a provider's rate
// limit can still follow.
const maxRunningCap = 16

// Conversations are the choices about a project's conversations as a set.
type Conversations struct {
	// MaxRunning bounds the turns running at once in one project; more wait
	// for a free slot (0: DefaultMaxRunning).
	MaxRunning int `json:"maxRunning,omitempty"`
}

// Running is the bound on turns running at once.
func (c Conversations) Running() int {
	if c.MaxRunning <= 0 {
		return DefaultMaxRunning
	}
	return c.MaxRunning
}

func (c Conversations) validate() error {
	if c.MaxRunning < 0 || c.MaxRunning > maxRunningCap {
		return &ValidationError{"conversations.maxRunning", "must be between 1 and 16 (0 for the default)"}
	}
	return nil
}
