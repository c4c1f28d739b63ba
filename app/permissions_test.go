package app

import (
	"reflect"
	"testing"

	"github.com/hearth-agent/hearth/agent/permission"
)

// The permissions view through the bound methods: saved rules listed and
// revoked from the workspace's file; a missing grant is a clear error.
func TestPermissionsViewRevokesRules(t *testing.T) {
	a, _, ws := chatApp(t, &scriptedProvider{}, "ask")
	rules := []permission.Rule{
		{Kind: permission.KindShell, Pattern: "go test *", Effect: permission.Allow},
		{Kind: permission.KindEdit, Pattern: "vendor/**", Effect: permission.Deny},
	}
	if err := (permission.Policy{Rules: rules}).Save(ws); err != nil {
		t.Fatal(err)
	}
	v, err := a.h.Project.Permissions()
	if err != nil {
		t.Fatal(err)
	}
	want := []PermissionRule{{Tool: "shell", Pattern: "go test *", Effect: "allow"}, {Tool: "edit", Pattern: "vendor/**", Effect: "deny"}}
	if !reflect.DeepEqual(v.Rules, want) || len(v.Grants) != 0 {
		t.Fatalf("Permissions = %+v", v)
	}
	v, err = a.h.Project.RevokeRule(want[1])
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(v.Rules, want[:1]) {
		t.Errorf("after revoke: %+v", v.Rules)
	}
	if _, err := a.h.Project.RevokeGrant("edit", "**"); err == nil {
		t.Error("revoking a grant never made succeeded")
	}
}
