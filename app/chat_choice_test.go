package app

import "testing"

// The picker's choice is the conversation's: the view shows it, Settings
// keep their defaults, and a bad value is refused with its field.
func TestChatChoiceIsTheConversations(t *testing.T) {
	a, _ := newTestApp(t, nil)
	v := a.ChatChoice()
	if v.Provider != "openai" || v.Model != "gpt-5" || v.Effort != "medium" || v.Mode != "ask" || len(v.Providers) < 5 {
		t.Fatalf("default view %+v", v)
	}
	v, err := a.SetChatChoice(ChatChoiceInput{Provider: "anthropic", Effort: "high", Mode: "edits"})
	if err != nil || v.Provider != "anthropic" || v.Model != "claude-sonnet-4-5" || v.Effort != "high" || v.Mode != "edits" {
		t.Fatalf("after choosing Anthropic: %+v, %v", v, err)
	}
	if s := a.GetSettings(); s.ActiveProvider != "openai" || s.ApprovalMode != "ask" {
		t.Errorf("the choice changed Settings: %s, %s", s.ActiveProvider, s.ApprovalMode)
	}
	if _, err := a.SetChatChoice(ChatChoiceInput{Effort: "max"}); err == nil {
		t.Error("an unknown effort was accepted")
	}
}
