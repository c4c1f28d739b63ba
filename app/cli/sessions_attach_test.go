package cli

import (
	"context"
	"encoding/base64"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/session"
)

// --attachments links the stored files by default and embeds them on request.
func TestSessionsExportAttachments(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s, err := session.Open(ctx, filepath.Join(dir, session.FileName), session.Options{})
	if err != nil {
		t.Fatal(err)
	}
	img := []byte("\x89PNG a picture worth exporting")
	sess, _ := s.Create(ctx, session.NewSession{Workspace: "/ws"})
	if _, err := s.AddUserMessageWith(ctx, sess.ID, "what is this", []session.Attachment{
		{Kind: "image", MediaType: "image/png", Name: "shot.png", Data: img}}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	embedded := base64.StdEncoding.EncodeToString(img)

	for _, tc := range []struct {
		args       []string
		code       int
		want, deny string
	}{
		{[]string{"--format", "json"}, ExitOK, filepath.Join(dir, "attachments"), embedded},
		{[]string{"--format", "json", "--attachments", "link"}, ExitOK, filepath.Join(dir, "attachments"), embedded},
		{[]string{"--format", "json", "--attachments", "embed"}, ExitOK, embedded, filepath.Join(dir, "attachments")},
		{[]string{"--format", "md", "--attachments", "embed"}, ExitOK, "data:image/png;base64," + embedded, "file://"},
		{[]string{"--format", "md"}, ExitOK, "file://", "base64,"},
	} {
		code, out, errs := runSessionsCLI(t, dir, append([]string{"export", sess.ID}, tc.args...)...)
		if code != tc.code || !strings.Contains(out, tc.want) || strings.Contains(out, tc.deny) {
			t.Errorf("export %v = %d (%s), want %q and not %q in:\n%s", tc.args, code, errs, tc.want, tc.deny, out)
		}
	}
	code, _, errs := runSessionsCLI(t, dir, "export", sess.ID, "--format", "json", "--attachments", "zip")
	if code != ExitUsage || !strings.Contains(errs, `--attachments must be link or embed, not "zip"`) {
		t.Errorf("--attachments zip = %d %q", code, errs)
	}
}
