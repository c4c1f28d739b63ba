package conversation

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/hearth-agent/hearth/agent/permission"
)

// A revoked grant asks again at the next call of the same conversation.
func TestRevokeGrantAsksAgain(t *testing.T) {
	c, ev, _, ws := newConversationIn(t, "ask",
		call("c1", "write_file", `{"path":"a.txt","content":"a\n"}`), text("one"),
		call("c2", "write_file", `{"path":"b.txt","content":"b\n"}`), text("two"))
	seen := map[string]bool{}
	first, _, err := c.Send("write a")
	if err != nil {
		t.Fatal(err)
	}
	req := ev.waitApproval(t, first, seen)
	if err := c.Approve(req.RequestID, "allow_session", ""); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, first)
	waitIdle(t, c)

	p, err := c.Permissions()
	if err != nil {
		t.Fatal(err)
	}
	want := []permission.Rule{{Kind: permission.KindEdit, Pattern: "**", Effect: permission.Allow}}
	if !reflect.DeepEqual(p.Grants, want) || len(p.Rules) != 0 {
		t.Fatalf("permissions = %+v, want the one edit grant and no saved rule", p)
	}
	if err := c.RevokeGrant("edit", "**"); err != nil {
		t.Fatal(err)
	}
	var in *InputError
	if err := c.RevokeGrant("edit", "**"); !errors.As(err, &in) {
		t.Errorf("revoking twice gave %v, want an input error", err)
	}

	second, _, _ := c.Send("write b")
	req = ev.waitApproval(t, second, seen)
	if err := c.Approve(req.RequestID, "deny", ""); err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, second)
	if _, err := os.Stat(filepath.Join(ws, "b.txt")); !os.IsNotExist(err) {
		t.Errorf("the edit ran with a revoked grant: %v", err)
	}
}

func TestRevokeRuleRewritesTheFile(t *testing.T) {
	c, _, _, ws := newConversationIn(t, "ask")
	keep := permission.Rule{Kind: permission.KindShell, Pattern: "go test *", Effect: permission.Allow}
	drop := permission.Rule{Kind: permission.KindEdit, Pattern: "docs/**", Effect: permission.Deny}
	if err := (permission.Policy{Rules: []permission.Rule{keep, drop}}).Save(ws); err != nil {
		t.Fatal(err)
	}
	if err := c.RevokeRule(drop); err != nil {
		t.Fatal(err)
	}
	p, err := c.Permissions()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p.Rules, []permission.Rule{keep}) {
		t.Errorf("saved rules after revoke = %+v, want only %+v", p.Rules, keep)
	}
	var in *InputError
	if err := c.RevokeRule(drop); !errors.As(err, &in) {
		t.Errorf("revoking a missing rule gave %v, want an input error", err)
	}
}
