package commands

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// maxInlineBytes bounds one @file inlined into a prompt.
const maxInlineBytes = 128 << 10

// Env is what expanding a command may reach.
type Env struct {
	// ReadFile reads a workspace-relative path, confined to the workspace
	// (agent/confine's Root.ReadFile).
	ReadFile func(rel string) ([]byte, error)
	// Shell runs one `!` line as a shell tool call: through the permission
	// gate, so an ask is asked and a deny refuses it. nil refuses every `!`
	// line.
	Shell func(ctx context.Context, command string) (string, error)
}

var (
	bangLine  = regexp.MustCompile("!`([^`\n]+)`")
	fileRef   = regexp.MustCompile(`(^|[\s(])@([^\s)]+)`)
	posArg    = regexp.MustCompile(`\$([1-9])`)
	errNoFile = errors.New("no file reader")
)

// ShellError is a `!` line that could not run (refused or failed to start).
type ShellError struct {
	Command string
	Err     error
}

func (e *ShellError) Error() string { return fmt.Sprintf("!`%s`: %v", e.Command, e.Err) }
func (e *ShellError) Unwrap() error { return e.Err }

// ShellLines are the command's `!` lines, as Expand will run them (before
// its arguments are put in).
func (c Command) ShellLines() []string {
	var out []string
	for _, m := range bangLine.FindAllStringSubmatch(c.Body, -1) {
		out = append(out, m[1])
	}
	return out
}

// Expand turns the command with args into the prompt the model is sent:
// $ARGUMENTS and $1…$9 are substituted, each `!` line's output replaces it
// and each @path is followed by the file's content.
func (c Command) Expand(ctx context.Context, args string, env Env) (string, error) {
	args = strings.TrimSpace(args)
	words := splitArgs(args)
	body := strings.ReplaceAll(c.Body, "$ARGUMENTS", args)
	body = posArg.ReplaceAllStringFunc(body, func(m string) string {
		n, _ := strconv.Atoi(m[1:])
		if n <= len(words) {
			return words[n-1]
		}
		return ""
	})
	var err error
	body = bangLine.ReplaceAllStringFunc(body, func(m string) string {
		if err != nil {
			return m
		}
		cmd := bangLine.FindStringSubmatch(m)[1]
		if env.Shell == nil {
			err = &ShellError{cmd, errors.New("commands cannot run shell lines here")}
			return m
		}
		out, runErr := env.Shell(ctx, cmd)
		if runErr != nil {
			err = &ShellError{cmd, runErr}
			return m
		}
		return "$ " + cmd + "\n" + strings.TrimRight(out, "\n")
	})
	if err != nil {
		return "", err
	}
	if !strings.Contains(c.Body, "$ARGUMENTS") && !posArg.MatchString(c.Body) && args != "" {
		// Claude Code appends the arguments when the body names none.
		body += "\n\nARGUMENTS: " + args
	}
	return inlineFiles(body, env)
}

// inlineFiles appends the content of every @path that names a file.
func inlineFiles(body string, env Env) (string, error) {
	var files []string
	seen := map[string]bool{}
	for _, m := range fileRef.FindAllStringSubmatch(body, -1) {
		rel := strings.TrimRight(m[2], ".,;:")
		if seen[rel] {
			continue
		}
		seen[rel] = true
		if env.ReadFile == nil {
			return "", fmt.Errorf("@%s: %w", rel, errNoFile)
		}
		b, err := env.ReadFile(rel)
		if err != nil {
			continue // an @ that is not a file (an email, a handle) stays text
		}
		if len(b) > maxInlineBytes {
			return "", fmt.Errorf("@%s is over %d KB; reference a smaller file", rel, maxInlineBytes>>10)
		}
		files = append(files, fmt.Sprintf("<file path=%q>\n%s\n</file>", rel, strings.TrimRight(string(b), "\n")))
	}
	if len(files) == 0 {
		return body, nil
	}
	return body + "\n\n" + strings.Join(files, "\n\n"), nil
}

// splitArgs splits on spaces, keeping "quoted words" together.
func splitArgs(s string) []string {
	var out []string
	var cur strings.Builder
	quote := rune(0)
	in := false
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote == 0 && (r == '"' || r == '\''):
			quote, in = r, true
		case quote == 0 && (r == ' ' || r == '\t' || r == '\n'):
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out
}

// Split parses "/name args" into the name (without the slash) and the
// rest; ok is false when text is not a slash command.
func Split(text string) (name, args string, ok bool) {
	t := strings.TrimSpace(text)
	if !strings.HasPrefix(t, "/") || strings.HasPrefix(t, "//") {
		return "", "", false
	}
	head, rest, _ := strings.Cut(t[1:], " ")
	if h, r, cut := strings.Cut(head, "\n"); cut {
		head, rest = h, r+" "+rest
	}
	if head == "" || strings.ContainsAny(head, "/\\") {
		return "", "", false // a path such as /usr/bin is not a command
	}
	return head, strings.TrimSpace(rest), true
}
