package packaging

import (
	"slices"
	"testing"
)

func TestReadHelpFindsEveryCommandItsFlagsAndSubcommands(t *testing.T) {
	h, err := ReadHelp(cliHelp)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, c := range h.Commands {
		names = append(names, c.Name)
	}
	for _, want := range []string{"run", "apply", "index", "search", "keys", "sessions", "mcp", "serve"} {
		if !slices.Contains(names, want) {
			t.Errorf("commands %v lack %s", names, want)
		}
	}
	cmd := func(name string) Command {
		i := slices.IndexFunc(h.Commands, func(c Command) bool { return c.Name == name })
		if i < 0 {
			t.Fatalf("no command %s", name)
		}
		return h.Commands[i]
	}
	if subs := cmd("keys").Subcommands; !slices.Equal(subs, []string{"set", "delete", "list"}) {
		t.Errorf("keys subcommands %v, want set delete list", subs)
	}
	if subs := cmd("mcp").Subcommands; !slices.Equal(subs, []string{"list", "get", "add", "remove", "login"}) {
		t.Errorf("mcp subcommands %v, want list get add remove login", subs)
	}
	if subs := cmd("sessions").Subcommands; !slices.Equal(subs, []string{"list", "show", "export", "network"}) {
		t.Errorf("sessions subcommands %v, want list show export network", subs)
	}
	if subs := cmd("run").Subcommands; len(subs) != 0 {
		t.Errorf("run has no subcommands, got %v", subs)
	}
	flags := cmd("run").Flags
	i := slices.IndexFunc(flags, func(f Flag) bool { return f.Name == "workspace" })
	if i < 0 || flags[i].Summary == "" {
		t.Errorf("run's flags %+v lack --workspace with its description", flags)
	}
	if !slices.ContainsFunc(h.Options, func(f Flag) bool { return f.Name == "version" }) {
		t.Errorf("options %+v lack --version", h.Options)
	}
	if h.Description == "" || len(h.Usage) < 2 {
		t.Errorf("usage %q, description %q", h.Usage, h.Description)
	}
}
