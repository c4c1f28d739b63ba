package packaging

import (
	"bufio"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// Help is the command line as `hearth --help` and `hearth COMMAND --help`
// describe it: the man page and the shell completions are made from it, so
// they say what the packaged binary says.
type Help struct {
	Usage       []string // the synopsis lines, without "Usage:"
	Description string   // the paragraph between the synopsis and the commands
	Commands    []Command
	Options     []Flag // options of hearth itself, such as --version
	Text        string // the top-level help as printed
}

// Command is one subcommand of hearth.
type Command struct {
	Name        string
	Summary     string
	Subcommands []string // words such as "list" in "keys list"
	Flags       []Flag
	Text        string // its --help as printed
}

// Flag is one option of a command, named without dashes.
type Flag struct {
	Name, Summary string
}

// HelpFunc returns what the binary prints for args (for example
// "run", "--help").
type HelpFunc func(args ...string) (string, error)

var (
	commandLine = regexp.MustCompile(`^  (\S+)\s{2,}(.*)$`)
	flagLine    = regexp.MustCompile(`^  -([A-Za-z0-9][\w-]*)(?:\s+\S+)?(?:\t(.*))?$`)
)

// ReadHelp asks help for the top-level help and each command's.
func ReadHelp(help HelpFunc) (Help, error) {
	top, err := help("--help")
	if err != nil {
		return Help{}, fmt.Errorf("hearth --help: %w", err)
	}
	h, err := parseTop(top)
	if err != nil {
		return Help{}, err
	}
	for i := range h.Commands {
		c := &h.Commands[i]
		text, err := help(c.Name, "--help")
		if err != nil {
			return Help{}, fmt.Errorf("hearth %s --help: %w", c.Name, err)
		}
		c.Text = text
		c.Flags = parseFlags(text)
		c.Subcommands = parseSubcommands(c.Name, text)
	}
	return h, nil
}

func parseTop(text string) (Help, error) {
	h := Help{Text: text}
	section := "usage"
	var desc []string
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "Usage: "):
			h.Usage = append(h.Usage, strings.TrimPrefix(line, "Usage: hearth "))
		case section == "usage" && strings.HasPrefix(line, "       hearth "):
			h.Usage = append(h.Usage, strings.TrimPrefix(line, "       hearth "))
		case line == "Commands:":
			section = "commands"
		case section == "commands" && line == "":
			section = "after"
		case section == "commands":
			m := commandLine.FindStringSubmatch(line)
			if m == nil {
				return Help{}, fmt.Errorf("hearth --help: cannot read the command line %q", line)
			}
			if name, ok := strings.CutPrefix(m[1], "--"); ok {
				h.Options = append(h.Options, Flag{Name: name, Summary: m[2]})
			} else {
				h.Commands = append(h.Commands, Command{Name: m[1], Summary: m[2]})
			}
		case section == "usage" && line != "":
			desc = append(desc, line)
		}
	}
	h.Description = strings.Join(desc, " ")
	if len(h.Usage) == 0 || len(h.Commands) == 0 {
		return Help{}, fmt.Errorf("hearth --help printed no usage or no commands: %q", text)
	}
	h.Options = append(h.Options, Flag{Name: "help", Summary: "print this help"})
	return h, nil
}

// parseFlags reads the options as Go's flag.PrintDefaults lays them out:
// "  -name type" then the description on the next line after a tab, or
// both on one line for a one-letter flag.
func parseFlags(text string) []Flag {
	var flags []Flag
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		m := flagLine.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		f := Flag{Name: m[1], Summary: m[2]}
		if f.Summary == "" && i+1 < len(lines) {
			f.Summary = strings.TrimSpace(lines[i+1])
		}
		flags = append(flags, f)
	}
	return flags
}

// parseSubcommands finds "NAME word" in the synopsis (the text before
// the first blank line), as in "keys set PROVIDER | keys list" or
// "mcp list|get|add".
func parseSubcommands(name, text string) []string {
	synopsis, _, _ := strings.Cut(text, "\n\n")
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(name) + ` ([a-z][a-z-]*(?:\|[a-z][a-z-]*)*)\b`)
	var subs []string
	for _, m := range re.FindAllStringSubmatch(synopsis, -1) {
		for _, sub := range strings.Split(m[1], "|") {
			if !slices.Contains(subs, sub) {
				subs = append(subs, sub)
			}
		}
	}
	return subs
}
