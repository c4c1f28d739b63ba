package session

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"
)

// Redactor removes secrets from exported text; *redact.Redactor fits.
type Redactor interface {
	String(s string) string
}

// Redacted returns a deep copy of t with every free-text field passed
// through r: titles, message text and reasoning, errors, tool arguments and
// outputs, hook runs.
func (t *Transcript) Redacted(r Redactor) *Transcript {
	out := &Transcript{Session: t.Session, Messages: make([]Message, len(t.Messages))}
	out.Session.Title = r.String(t.Session.Title)
	out.Session.Workspace = r.String(t.Session.Workspace)
	if t.Session.Todos != nil {
		out.Session.Todos = make([]Todo, len(t.Session.Todos))
		for i, td := range t.Session.Todos {
			out.Session.Todos[i] = Todo{Content: r.String(td.Content), Status: td.Status}
		}
	}
	for i, m := range t.Messages {
		m.Text, m.Reasoning, m.Error, m.Typed = r.String(m.Text), r.String(m.Reasoning), r.String(m.Error), r.String(m.Typed)
		calls := make([]ToolCall, len(m.ToolCalls))
		for j, c := range m.ToolCalls {
			c.Args, c.Output, c.FullOutput = r.String(c.Args), r.String(c.Output), r.String(c.FullOutput)
			c.Subagent = c.Subagent.redacted(r.String)
			calls[j] = c
		}
		if len(calls) == 0 {
			calls = nil
		}
		m.ToolCalls = calls
		m.Hooks = redactedHooks(m.Hooks, r)
		out.Messages[i] = m
	}
	return out
}

// ExportFormat names an export format.
type ExportFormat string

const (
	FormatMarkdown ExportFormat = "md"
	FormatJSON     ExportFormat = "json"
)

// ExportVersion is the "format_version" of JSON exports.
const ExportVersion = 1

// Export writes t with secrets redacted by r in the given format; its
// attachments are linked (LinkAttachments).
func Export(w io.Writer, t *Transcript, format ExportFormat, r Redactor) error {
	return ExportWith(w, t, format, r, LinkAttachments)
}

// ExportWith is Export with the attachments embedded or linked.
func ExportWith(w io.Writer, t *Transcript, format ExportFormat, r Redactor, mode AttachmentMode) error {
	if mode != EmbedAttachments && mode != LinkAttachments {
		return fmt.Errorf("unknown attachment mode %q (want embed or link)", mode)
	}
	red := t.Redacted(r)
	switch format {
	case FormatJSON:
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		msgs := make([]exportMessage, len(red.Messages))
		for i, m := range red.Messages {
			msgs[i] = newExportMessage(m, mode)
		}
		return enc.Encode(struct {
			FormatVersion int             `json:"format_version"`
			Session       Session         `json:"session"`
			Messages      []exportMessage `json:"messages"`
		}{ExportVersion, red.Session, msgs})
	case FormatMarkdown:
		return writeMarkdown(w, red, mode)
	default:
		return fmt.Errorf("unknown export format %q (want md or json)", format)
	}
}

func writeMarkdown(w io.Writer, t *Transcript, mode AttachmentMode) error {
	var b strings.Builder
	s := t.Session
	fmt.Fprintf(&b, "# %s\n\n", orUntitled(s.Title))
	fmt.Fprintf(&b, "- Session: `%s`\n- Workspace: `%s`\n", s.ID, s.Workspace)
	if s.Model != "" {
		fmt.Fprintf(&b, "- Model: %s/%s\n", s.Provider, s.Model)
	}
	if s.Mode != "" {
		fmt.Fprintf(&b, "- Mode: %s\n", s.Mode)
	}
	if c := s.Choice; c != (Choice{}) {
		fmt.Fprintf(&b, "- Picked: %s\n", pickedLine(c))
	}
	fmt.Fprintf(&b, "- Created: %s\n- Tokens: %d in, %d out\n- Cost: $%.4f\n",
		s.CreatedAt.UTC().Format(time.RFC3339), s.Usage.InputTokens, s.Usage.OutputTokens, s.Usage.CostUSD)
	writeTodos(&b, s.Todos)
	for _, m := range t.Messages {
		b.WriteString("\n")
		switch m.Role {
		case RoleUser:
			b.WriteString("## User")
			if m.Versions > 1 {
				fmt.Fprintf(&b, " (version %d of %d)", m.Version, m.Versions)
			}
			b.WriteString("\n\n")
		case RoleSummary:
			b.WriteString("## Summary of the conversation so far\n\n")
		default:
			b.WriteString("## Assistant")
			if m.State != StateComplete {
				fmt.Fprintf(&b, " (%s)", m.State)
			}
			b.WriteString("\n\n")
		}
		if m.Reasoning != "" {
			b.WriteString("<details><summary>Reasoning</summary>\n\n")
			b.WriteString(m.Reasoning)
			b.WriteString("\n\n</details>\n\n")
		}
		if m.Text != "" {
			b.WriteString(m.Text)
			b.WriteString("\n")
		}
		writeAttachments(&b, m.Attachments, mode)
		writeHooks(&b, m.Hooks, "")
		for _, c := range m.ToolCalls {
			if plan, ok := proposedPlan(c); ok {
				fmt.Fprintf(&b, "\n### Proposed plan\n\n%s\n", strings.TrimRight(plan, "\n"))
				writeHooks(&b, m.Hooks, c.CallID)
				continue
			}
			fmt.Fprintf(&b, "\n**Tool `%s`** — %s", c.Name, c.Status)
			if c.Approval != ApprovalNone {
				fmt.Fprintf(&b, " (%s)", c.Approval)
			}
			b.WriteString("\n\n")
			writeFence(&b, "json", c.Args)
			out := c.FullOutput
			if out == "" {
				out = c.Output
			}
			if out != "" {
				writeFence(&b, "", out)
			}
			writeSubagent(&b, c.Subagent)
			writeAttachments(&b, c.Attachments, mode)
			writeHooks(&b, m.Hooks, c.CallID)
		}
		if m.Error != "" {
			fmt.Fprintf(&b, "\n> Error: %s\n", m.Error)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// todoMarks are a todo item's status as a Markdown task-list box.
var todoMarks = map[string]string{"completed": "[x]", "in_progress": "[~]"}

// writeTodos writes the conversation's todo list, the approved plan's steps
// as the model ticked them off.
func writeTodos(b *strings.Builder, todos []Todo) {
	if len(todos) == 0 {
		return
	}
	b.WriteString("\n## Todo list\n\n")
	for _, t := range todos {
		mark := todoMarks[t.Status]
		if mark == "" {
			mark = "[ ]"
		}
		fmt.Fprintf(b, "- %s %s\n", mark, t.Content)
	}
}

// writeFence writes body in a code fence longer than any backtick run in it,
// so tool output cannot break out of its block.
func writeFence(b *strings.Builder, lang, body string) {
	fence := "```"
	for strings.Contains(body, fence) {
		fence += "`"
	}
	fmt.Fprintf(b, "%s%s\n%s\n%s\n\n", fence, lang, strings.TrimRight(body, "\n"), fence)
}

func orUntitled(s string) string {
	if s == "" {
		return "Untitled"
	}
	return s
}

// proposedPlan is the Markdown of a plan-mode propose_plan call, shown in
// an export as the plan itself rather than as JSON.
func proposedPlan(c ToolCall) (string, bool) {
	if c.Name != "propose_plan" {
		return "", false
	}
	var args struct {
		Plan string `json:"plan"`
	}
	if json.Unmarshal([]byte(c.Args), &args) != nil || strings.TrimSpace(args.Plan) == "" {
		return "", false
	}
	return args.Plan, true
}

// writeSubagent writes the transcript of a task call's subagent, quoted
// under the call.
func writeSubagent(b *strings.Builder, s *SubagentRun) {
	if s == nil {
		return
	}
	var in strings.Builder
	fmt.Fprintf(&in, "Subagent **%s**", s.Agent)
	if s.Description != "" {
		fmt.Fprintf(&in, " — %s", s.Description)
	}
	in.WriteString("\n\n")
	for _, st := range s.Steps {
		if st.Name != "" {
			fmt.Fprintf(&in, "- `%s` %s — %s\n", st.Name, st.Args, st.Status)
		}
		if st.Text != "" {
			fmt.Fprintf(&in, "\n%s\n", st.Text)
		}
	}
	for _, ln := range strings.Split(strings.TrimRight(in.String(), "\n"), "\n") {
		b.WriteString(strings.TrimRight("> "+ln, " ") + "\n")
	}
	b.WriteString("\n")
}

// pickedLine is the picker's choice in one line, its unset parts as
// Settings' defaults.
func pickedLine(c Choice) string {
	orDefault := func(v string) string {
		if v == "" {
			return "default"
		}
		return v
	}
	return fmt.Sprintf("%s/%s, reasoning effort %s", orDefault(c.Provider), orDefault(c.Model), orDefault(c.Effort))
}
