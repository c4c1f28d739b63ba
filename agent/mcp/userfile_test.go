package mcp_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/mcp"
	"github.com/hearth-agent/hearth/agent/mcp/config"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/settings"
)

// The person's mcp.json edited as Settings → MCP does: secrets to the
// keychain on add, a masked value kept and moved with a rename (the
// sign-in too), a dropped one forgotten, everything forgotten on remove.
func TestUserFileKeepsSecretsInTheKeychain(t *testing.T) {
	ctx := context.Background()
	kc := ring{}
	u := mcp.UserFile{Path: filepath.Join(t.TempDir(), "mcp.json"), Secrets: secrets.NewWith(kc, time.Second, func(string) string { return "" })}
	from := &config.File{Servers: map[string]config.Server{"gh": {Command: "gh-mcp", Env: map[string]string{"TOKEN": "ghp_literal0123456789", "MODE": "${MODE}"}}}}
	if err := u.Add(ctx, from, []string{"gh"}, true); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(u.Path); strings.Contains(string(b), "ghp_literal") {
		t.Fatalf("a secret was written to the file:\n%s", b)
	}
	if err := u.Add(ctx, from, []string{"gh"}, true); !isField(err, "name") {
		t.Fatalf("adding a taken name: %v", err)
	}
	kc["item:"+mcp.TokenRef("gh")] = "signed-in"
	edited := config.Server{Command: "gh-mcp", Args: []string{"--v2"}, Env: map[string]string{"TOKEN": mcp.SecretMask}}
	if notice, err := u.Edit(ctx, "gh", "github", edited); err != nil || notice != nil {
		t.Fatalf("edit: %v, notice %v", err, notice)
	}
	_, s, err := u.Server("github")
	if err != nil || s.Args[0] != "--v2" || s.Env["MODE"] != "" {
		t.Fatalf("renamed server %+v, %v", s, err)
	}
	if kc["item:mcp.github.env.TOKEN"] != "ghp_literal0123456789" || kc["item:mcp.gh.env.TOKEN"] != "" {
		t.Errorf("the kept value did not move with the name: %v", kc)
	}
	if kc["item:"+mcp.TokenRef("github")] != "signed-in" || kc["item:"+mcp.TokenRef("gh")] != "" {
		t.Errorf("the sign-in did not move with the name: %v", kc)
	}
	if _, err := u.Edit(ctx, "github", "github", config.Server{Command: "x", Env: map[string]string{"NEW": mcp.SecretMask}}); !isField(err, "env") {
		t.Errorf("a masked value with nothing kept: %v", err)
	}
	if _, err := u.Remove(ctx, "github"); err != nil {
		t.Fatal(err)
	}
	for k := range kc {
		if strings.Contains(k, "github") {
			t.Errorf("%s left in the keychain after remove", k)
		}
	}
	if _, _, err := u.Server("github"); !isField(err, "mcp") {
		t.Errorf("a removed server: %v", err)
	}
	noKeychain := mcp.UserFile{Path: filepath.Join(t.TempDir(), "mcp.json")}
	if err := noKeychain.Add(ctx, from, []string{"gh"}, true); !errors.Is(err, mcp.ErrNoKeychain) {
		t.Errorf("a secret with no keychain: %v", err)
	}
}

func isField(err error, field string) bool {
	var v *settings.ValidationError
	return errors.As(err, &v) && v.Field == field
}
