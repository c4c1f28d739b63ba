// Package prompt renders the agent's system prompt and the other texts the
// loop sends the model from embedded Markdown templates, so wording lives in
// Markdown files rather than Go string literals.
package prompt

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/template"
	"time"

	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/llm"
)

//go:embed templates/*.md
var files embed.FS

var tmpl = template.Must(template.New("").ParseFS(files, "templates/*.md"))

// dateLayout is the date in the prompt: the day, not the time, so the
// prompt, and so the provider's prompt cache, is stable all day.
const dateLayout = "Monday, 2 January 2006"

// InstructionFiles are read from the workspace, in this order, and appended
// to the system prompt when present.
var InstructionFiles = []string{"AGENTS.md", "CLAUDE.md", filepath.Join(".hearth", "instructions.md")}

// MaxInstructionBytes bounds each instruction file so one huge file cannot
// fill the window.
const MaxInstructionBytes = 64 << 10

// Data is what the system prompt is rendered with.
type Data struct {
	Workspace string
	OS        string
	Date      time.Time
	// Tools are listed with their schemas only for the text protocol;
	// native tools carry their own definitions.
	Tools []llm.ToolDef
	// TextProtocol appends the JSON calling convention for models without
	// native tool calling.
	TextProtocol bool
	// Skills are listed by name and description only; the skill tool
	// loads one's body when the model asks.
	Skills []Skill
	// Planning appends the plan-mode instructions (plan.md).
	Planning bool
	// Profile Small renders the shorter prompt; "" is Standard.
	Profile Profile
}

// Skill is one skill as the system prompt lists it.
type Skill struct{ Name, Description string }

func render(name string, data any) (string, error) {
	var b bytes.Buffer
	if err := tmpl.ExecuteTemplate(&b, name, data); err != nil {
		return "", fmt.Errorf("prompt %s: %w", name, err)
	}
	return b.String(), nil
}

// System renders the system prompt.
func System(d Data) (string, error) {
	static, err := Static(d)
	if err != nil {
		return "", err
	}
	return Join(static, d.Workspace)
}

// Join is static followed by the workspace's instruction files, read on
// every call because the user edits them freely.
func Join(static, workspace string) (string, error) {
	ins, _, err := Instructions(workspace)
	if err != nil {
		return "", err
	}
	return WithInstructions(static, ins), nil
}

// Instructions renders the workspace's instruction files (AGENTS.md and
// the others in InstructionFiles) as the part a system prompt ends with, so
// a caller building several prompts reads them once. Files it left out as
// possibly not the workspace's own are in refused (each a *RefusedError),
// for the person to be told.
func Instructions(workspace string) (text string, refused []error, err error) {
	return InstructionsUpTo(workspace, MaxInstructionBytes)
}

// InstructionsUpTo is Instructions with each file cut at limit bytes (at
// most MaxInstructionBytes), for a model with a small window.
func InstructionsUpTo(workspace string, limit int) (text string, refused []error, err error) {
	limit = min(limit, MaxInstructionBytes)
	var out strings.Builder
	for _, name := range InstructionFiles {
		body, err := readInstructions(workspace, name, limit)
		var ref *RefusedError
		if errors.As(err, &ref) {
			refused = append(refused, ref)
			continue
		}
		if err != nil {
			return "", refused, err
		}
		if body == "" {
			continue
		}
		part, err := render("instructions.md", struct{ Name, Text string }{filepath.ToSlash(name), body})
		if err != nil {
			return "", refused, err
		}
		out.WriteString(part)
	}
	return out.String(), refused, nil
}

// WithInstructions ends static with instructions from Instructions.
func WithInstructions(static, instructions string) string {
	return strings.TrimRight(static+instructions, "\n") + "\n"
}

// Static renders the part of the system prompt that depends on d alone
// (not on the workspace's files), so a caller may keep it while d is the
// same. The parts run from the most stable to the least (rules, mode,
// text protocol, then workspace and date, then skills) so a provider's
// prompt cache keeps the longest prefix.
func Static(d Data) (string, error) {
	var b strings.Builder
	parts := []struct {
		name string
		data any
		on   bool
	}{
		{"system.md", nil, d.Profile != Small},
		{"system_small.md", nil, d.Profile == Small},
		{"plan.md", nil, d.Planning},
		{"text_protocol.md", struct{ Tools []llm.ToolDef }{d.Tools}, d.TextProtocol},
		{"environment.md", struct{ Workspace, OS, Date string }{d.Workspace, d.OS, d.Date.Format(dateLayout)}, true},
		{"skills.md", d.Skills, len(d.Skills) > 0},
	}
	for _, p := range parts {
		if !p.on {
			continue
		}
		out, err := render(p.name, p.data)
		if err != nil {
			return "", err
		}
		b.WriteString(strings.TrimRight(out, "\n") + "\n")
	}
	return b.String(), nil
}

func readInstructions(ws, name string, limit int) (string, error) {
	if ws == "" {
		return "", nil
	}
	root, err := os.OpenRoot(ws)
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", name, err)
	}
	defer root.Close()
	// Through the root and as a regular file only: a cloned repository's
	// AGENTS.md could be a link to a private file (sent to the provider) or
	// a FIFO (a turn that never starts).
	slashed := filepath.ToSlash(name)
	f, _, err := confine.OpenRegularIn(root, slashed)
	if err != nil {
		var nr *confine.NotRegularError
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return "", nil
		case errors.As(err, &nr):
			return "", &RefusedError{Name: slashed, Reason: "it is a " + nr.Kind + ", not a regular file"}
		}
		if fi, lerr := root.Lstat(name); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return "", &RefusedError{Name: slashed, Reason: "it is a symbolic link leading out of the workspace"}
		}
		return "", fmt.Errorf("reading %s: %w", name, err)
	}
	defer f.Close()
	if why := linkedFromElsewhere(root, f); why != "" {
		return "", &RefusedError{Name: slashed, Reason: why}
	}
	buf := make([]byte, limit+1)
	n, _ := f.Read(buf)
	for n < len(buf) {
		m, err := f.Read(buf[n:])
		n += m
		if err != nil {
			break
		}
	}
	text := strings.ToValidUTF8(string(buf[:min(n, limit)]), "")
	if n > limit {
		text += fmt.Sprintf("\n\n[truncated: the file is longer than %d KB]", limit>>10)
	}
	return strings.TrimSpace(text), nil
}

// Title is the system prompt of the call that names a conversation.
func Title() string {
	s, _ := render("title.md", nil)
	return s
}

// Summarize is the system prompt of the compaction call.
func Summarize() string {
	s, _ := render("summarize.md", nil)
	return s
}

// Compacted is the message that replaces summarised turns: the summary and
// every user message verbatim, so no instruction or correction is lost.
func Compacted(summary string, userMessages []string) (string, error) {
	return render("compacted.md", struct {
		Summary      string
		UserMessages []string
	}{strings.TrimSpace(summary), quoteEach(userMessages)})
}

func quoteEach(msgs []string) []string {
	out := make([]string, len(msgs))
	for i, m := range msgs {
		out[i] = strings.ReplaceAll(strings.TrimSpace(m), "\n", "\n  ")
	}
	return out
}
