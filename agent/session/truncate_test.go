package session

import (
	"context"
	"errors"
	"testing"
)

// Truncate keeps a session's id and its messages through the one named,
// drops the rest (their tool calls and search entries with them) and
// recounts the totals.
func TestTruncateDropsLaterMessages(t *testing.T) {
	ctx := context.Background()
	tests := []struct {
		name      string
		through   int // index of the last message kept; -1 keeps none
		wantTexts []string
		wantInput int64
	}{
		{"after the first answer", 1, []string{"first question", "first answer"}, 7},
		{"everything", -1, nil, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := openClocked(t)
			orig := mustCreate(t, s, "/ws")
			mustUser(t, s, orig.ID, "first question")
			turn, _ := s.BeginAssistant(ctx, orig.ID, "openai", "gpt")
			turn.AppendText("first answer")
			turn.Finish(ctx, End{State: StateComplete, Usage: Usage{InputTokens: 7}})
			mustUser(t, s, orig.ID, "second zebra question")
			failed, _ := s.BeginAssistant(ctx, orig.ID, "openai", "gpt")
			failed.ToolStarted(ctx, ToolStart{CallID: "c1", Name: "read", Args: `{}`})
			failed.Finish(ctx, End{State: StateFailed, Error: "boom", Usage: Usage{InputTokens: 5}})

			var through int64
			if tc.through >= 0 {
				through = mustLoad(t, s, orig.ID).Messages[tc.through].ID
			}
			if err := s.Truncate(ctx, orig.ID, through); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, m := range mustLoad(t, s, orig.ID).Messages {
				got = append(got, m.Text)
			}
			if len(got) != len(tc.wantTexts) || (len(got) > 0 && got[len(got)-1] != tc.wantTexts[len(tc.wantTexts)-1]) {
				t.Fatalf("messages = %q, want %q", got, tc.wantTexts)
			}
			sess, err := s.Get(ctx, orig.ID)
			if err != nil || sess.Usage.InputTokens != tc.wantInput {
				t.Fatalf("usage = %+v (%v), want %d input tokens", sess.Usage, err, tc.wantInput)
			}
			if hits, err := s.Search(ctx, "zebra", SearchOptions{}); err != nil || len(hits) != 0 {
				t.Fatalf("a dropped message is still found: %v %v", hits, err)
			}
		})
	}
	s, _ := openClocked(t)
	orig := mustCreate(t, s, "/ws")
	if err := s.Truncate(ctx, orig.ID, 999999); !errors.Is(err, ErrNotFound) {
		t.Fatalf("truncating at an unknown message: %v", err)
	}
}
