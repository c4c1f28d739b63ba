package query

import (
	"slices"
	"strings"
	"testing"
)

func TestIsQuestion(t *testing.T) {
	tests := []struct {
		q    string
		want bool
	}{
		{"How does the agent decide to ask before running a command", true},
		{"where is the retry delay set?", true},
		{"retry delay set?", false}, // no grammar: keywords
		{"the agent command", false},
		{"read the config", false},    // one stop word, no question
		{"parse config file?", false}, // keywords with a '?'
		{"why does ReadFull fail?", true},
		{"how does parseConfig handle_errors in v2Loader", false}, // mostly identifiers
		{`how does "the gate" decide`, false},
		{"how does the gate decide ext:go", false},
		{"how OR why", false},
		{"CheckShell", false},
	}
	for _, tt := range tests {
		if got := IsQuestion(tt.q); got != tt.want {
			t.Errorf("IsQuestion(%q) = %v, want %v", tt.q, got, tt.want)
		}
	}
}

// counts is a dictionary of terms and the files holding each, standing in
// for the index (which sentence_test.go in package knowledge uses).
type counts struct {
	docs  int
	terms map[string]int
}

func (c counts) Docs() int               { return c.docs }
func (c counts) DocFreq(term string) int { return c.terms[term] }
func (c counts) ContentTermsWithPrefix(prefix string, max int) ([]string, bool) {
	var out []string
	for t := range c.terms {
		if strings.HasPrefix(t, prefix) {
			out = append(out, t)
		}
	}
	slices.Sort(out)
	return out, len(out) <= max
}

func TestPlanSentence(t *testing.T) {
	c := counts{docs: 100, terms: map[string]int{
		"decide": 3, "decides": 2, "decided": 1, "decimal": 9, "ask": 5, "asks": 4, "asking": 1, "task": 30,
		"command": 80, "commands": 20, "agent": 95, "checkshell": 1,
	}}
	s, ok := ReadSentence("How does the agent decide to ask the CheckShell command?")
	if !ok {
		t.Fatal("not a sentence")
	}
	s.PlanSentence(c)
	got := map[string]SentenceWord{}
	for _, w := range s.Words {
		got[w.Text] = w
	}
	for _, stop := range []string{"How", "does", "the", "to"} {
		if _, ok := got[stop]; ok {
			t.Errorf("stop word %q kept", stop)
		}
	}
	if terms := got["decide"].Terms; !slices.Equal(terms, []string{"decide", "decided", "decides"}) {
		t.Errorf("decide asks %v, want its forms (not decimal)", terms)
	}
	if terms := got["ask"].Terms; !slices.Equal(terms, []string{"ask", "asking", "asks"}) {
		t.Errorf("ask asks %v, want its forms (not task)", terms)
	}
	if w := got["CheckShell"]; !w.Ident || !slices.Equal(w.Terms, []string{"checkshell"}) || w.Weight <= 2*got["decide"].Weight {
		t.Errorf("CheckShell = %+v, want an identifier asked whole, weighing most", w)
	}
	if !got["command"].Common || !got["agent"].Common || got["decide"].Common {
		t.Errorf("common: command %v agent %v decide %v; want command and agent only", got["command"].Common, got["agent"].Common, got["decide"].Common)
	}
	if !(got["decide"].Weight > got["ask"].Weight && got["ask"].Weight > got["command"].Weight && got["command"].Weight > got["agent"].Weight) {
		t.Errorf("weights: decide %.2f ask %.2f command %.2f agent %.2f; want rarer words heavier",
			got["decide"].Weight, got["ask"].Weight, got["command"].Weight, got["agent"].Weight)
	}
	if s.String() != "CheckShell decide ask command agent" {
		t.Errorf("String = %q", s.String())
	}

	// With no index (the first build) each word asks for itself.
	s.PlanSentence(nil)
	for _, w := range s.Words {
		if w.Weight != 1 || len(w.Terms) != 1 || w.Common {
			t.Errorf("unplanned %+v, want itself, weighing 1", w)
		}
	}
}
