package commands

// Builtin names a command the conversation performs itself.
type Builtin string

const (
	Clear   Builtin = "clear"
	Compact Builtin = "compact"
	Model   Builtin = "model"
	Mode    Builtin = "mode"
	Undo    Builtin = "undo"
	Init    Builtin = "init"
	Help    Builtin = "help"
)

// Builtins are the built-in commands with what the picker shows.
var Builtins = []Entry{
	{Name: string(Clear), Description: "Start a fresh conversation in this workspace", Scope: ScopeBuiltin},
	{Name: string(Compact), Description: "Shrink the conversation's context now", ArgumentHint: "[focus]", Scope: ScopeBuiltin},
	{Name: string(Model), Description: "Show or switch this conversation's model", ArgumentHint: "[model]", Scope: ScopeBuiltin},
	{Name: string(Mode), Description: "Show or switch what runs without asking", ArgumentHint: "[never|edits|all]", Scope: ScopeBuiltin},
	{Name: string(Undo), Description: "Undo the file changes of the last turn", Scope: ScopeBuiltin},
	{Name: string(Init), Description: "Explore the project and write an AGENTS.md for it", Scope: ScopeBuiltin},
	{Name: string(Help), Description: "List the commands", Scope: ScopeBuiltin},
}

// IsBuiltin says whether name is a built-in command.
func IsBuiltin(name string) bool {
	for _, b := range Builtins {
		if b.Name == name {
			return true
		}
	}
	return false
}

// Entry is one command as a picker lists it.
type Entry struct {
	Name         string `json:"name"`
	Description  string `json:"description"`
	ArgumentHint string `json:"argumentHint"`
	Scope        Scope  `json:"scope"`
}

// Catalog lists the built-ins, then the loaded commands, then extra (MCP
// prompts), each once: a file command never hides a built-in.
func Catalog(s *Set, extra []Entry) []Entry {
	out := append([]Entry{}, Builtins...)
	for _, c := range s.All() {
		if IsBuiltin(c.Name) {
			continue
		}
		out = append(out, Entry{Name: c.Name, Description: c.Description, ArgumentHint: c.ArgumentHint, Scope: c.Scope})
	}
	return append(out, extra...)
}

// InitPrompt is what /init sends the model.
const InitPrompt = `Explore this project and write an AGENTS.md at the workspace root for coding agents that will work in it.
Look at the layout, the build and test commands, the languages and frameworks, the conventions the code follows and anything surprising.
Keep it short and concrete: how to build, test and lint; where things live; the rules to follow. If an AGENTS.md exists, improve it rather than starting over.`
