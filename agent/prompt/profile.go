package prompt

// Profile is how much of Hearth's prompt and toolset a model is given.
type Profile string

const (
	// Standard is the whole toolset and prompt.
	Standard Profile = "standard"
	// Small is for a model whose window would be crowded by the standard
	// prompt: the tools an edit needs and a shorter prompt with shorter
	// instruction files, so the conversation keeps most of the window.
	Small Profile = "small"
)

// SmallWindow is the context window below which a model gets Small.
const SmallWindow = 16_000

// SmallInstructionBytes bounds each instruction file in Small.
const SmallInstructionBytes = 2 << 10

// ProfileFor picks the profile for a model's context window in tokens; an
// unknown window (0) is taken to be large.
func ProfileFor(window int) Profile {
	return Choose("", window)
}

// Choose is the person's choice of profile ("small", "standard"), or for
// "" (automatic) the one the model's window calls for.
func Choose(chosen string, window int) Profile {
	switch Profile(chosen) {
	case Small, Standard:
		return Profile(chosen)
	}
	if window > 0 && window < SmallWindow {
		return Small
	}
	return Standard
}

// SmallTools are the tools Small offers, besides those a mode or feature
// the person turned on needs (propose_plan, skill, MCP tools).
var SmallTools = []string{"read_file", "glob", "grep", "edit_file", "write_file", "shell"}
