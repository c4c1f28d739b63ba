package session

import (
	"database/sql"
	"encoding/json"
)

// SubagentRun is the transcript of the subagent a task call ran, kept with
// the call so a reopened session can show it.
type SubagentRun struct {
	Agent       string         `json:"agent"`
	Description string         `json:"description,omitempty"`
	Steps       []SubagentStep `json:"steps"`
	// The tokens its responses used and their cost (0: unknown), so a
	// reopened turn still itemises its footer by agent.
	InputTokens  int     `json:"input_tokens,omitempty"`
	OutputTokens int     `json:"output_tokens,omitempty"`
	CostUSD      float64 `json:"cost_usd,omitempty"`
}

// SubagentStep is one step of it: a tool call (Name, Args, Status,
// Output) or the answer (Text).
type SubagentStep struct {
	Name   string     `json:"name,omitempty"`
	Args   string     `json:"args,omitempty"`
	Status ToolStatus `json:"status,omitempty"`
	Output string     `json:"output,omitempty"`
	Text   string     `json:"text,omitempty"`
}

// redacted returns a copy with r applied to every text.
func (s *SubagentRun) redacted(r func(string) string) *SubagentRun {
	if s == nil {
		return nil
	}
	out := &SubagentRun{Agent: s.Agent, Description: r(s.Description), Steps: make([]SubagentStep, len(s.Steps)),
		InputTokens: s.InputTokens, OutputTokens: s.OutputTokens, CostUSD: s.CostUSD}
	for i, st := range s.Steps {
		st.Args, st.Output, st.Text = r(st.Args), r(st.Output), r(st.Text)
		out.Steps[i] = st
	}
	return out
}

// subagentColumn is the stored form (NULL for no subagent).
func subagentColumn(s *SubagentRun, redact func(string) string) (sql.NullString, error) {
	if s == nil {
		return sql.NullString{}, nil
	}
	b, err := json.Marshal(s.redacted(redact))
	return sql.NullString{String: string(b), Valid: true}, err
}

// parseSubagent reads the stored form; a damaged value reads as none.
func parseSubagent(col sql.NullString) *SubagentRun {
	if !col.Valid || col.String == "" {
		return nil
	}
	var s SubagentRun
	if json.Unmarshal([]byte(col.String), &s) != nil {
		return nil
	}
	return &s
}
