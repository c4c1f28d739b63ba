package notify

import (
	"strings"
	"testing"
)

func TestCompose(t *testing.T) {
	cmd := "rm -rf /home/ann/secret-project/build"
	tests := []struct {
		name    string
		e       Event
		details bool
		want    Message
	}{
		{"finished", Event{Kind: Finished, Title: "Fix the parser"}, false, Message{"Fix the parser", "Finished"}},
		{"failed hides the error", Event{Kind: Failed, Title: "Fix the parser", Detail: "open /home/ann/x: denied"}, false, Message{"Fix the parser", "Failed"}},
		{"approval hides the command", Event{Kind: NeedsApproval, Title: "Clean up", Detail: cmd}, false, Message{"Clean up", "Needs your approval"}},
		{"question", Event{Kind: NeedsAnswer, Title: "Deploy"}, false, Message{"Deploy", "Has a question for you"}},
		{"plan", Event{Kind: PlanReady, Title: "Refactor"}, false, Message{"Refactor", "Has a plan for you to review"}},
		{"no title yet", Event{Kind: Finished}, false, Message{"New conversation", "Finished"}},
		{"title on one line", Event{Kind: Finished, Title: "Two\nlines "}, false, Message{"Two lines", "Finished"}},
		{"details show the command", Event{Kind: NeedsApproval, Title: "Clean up", Detail: cmd}, true, Message{"Clean up", "Needs your approval: " + cmd}},
		{"details on one line", Event{Kind: Failed, Title: "T", Detail: "a\n\tb"}, true, Message{"T", "Failed: a b"}},
		{"details escaped", Event{Kind: Failed, Title: "T", Detail: "<b>x</b> & y"}, true, Message{"T", "Failed: &lt;b&gt;x&lt;/b&gt; &amp; y"}},
		{"details on but none", Event{Kind: Finished, Title: "T"}, true, Message{"T", "Finished"}},
		{"details clipped", Event{Kind: Failed, Title: "T", Detail: strings.Repeat("é", 300)}, true, Message{"T", "Failed: " + strings.Repeat("é", 199) + "…"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Compose(tt.e, tt.details)
			if got != tt.want {
				t.Errorf("Compose = %+v, want %+v", got, tt.want)
			}
			if !tt.details && tt.e.Detail != "" && strings.Contains(got.Summary+got.Body, tt.e.Detail) {
				t.Errorf("detail %q shown with details off", tt.e.Detail)
			}
		})
	}
}

func TestPrefsWants(t *testing.T) {
	kinds := []Kind{Finished, Failed, NeedsApproval, NeedsAnswer, PlanReady}
	tests := []struct {
		p    Prefs
		want []bool
	}{
		{Prefs{}, []bool{false, false, false, false, false}},
		{Prefs{Finished: true}, []bool{true, false, false, false, false}},
		{Prefs{Failed: true}, []bool{false, true, false, false, false}},
		{Prefs{NeedsYou: true}, []bool{false, false, true, true, true}},
		{Prefs{Finished: true, Failed: true, NeedsYou: true, Details: true}, []bool{true, true, true, true, true}},
	}
	for _, tt := range tests {
		for i, k := range kinds {
			if got := tt.p.Wants(k); got != tt.want[i] {
				t.Errorf("%+v.Wants(%s) = %v, want %v", tt.p, k, got, tt.want[i])
			}
		}
	}
}
