package tools

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/aymanbagabas/go-udiff"
	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
)

// maxDiffShown bounds the diff returned to the model after a change.
const maxDiffShown = 8 << 10

// current reads the file an edit or write is about to replace. exists is
// false when there is no file yet.
func (s *session) current(ctx context.Context, rel string) (content []byte, exists bool, err error) {
	fi, err := s.root.Stat(rel)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, err
	}
	if fi.IsDir() {
		return nil, false, fmt.Errorf("%s is a directory", rel)
	}
	content, err = s.files.ReadFile(ctx, s.root.Abs(rel))
	return content, err == nil, err
}

// commit asks permission for a change, snapshots the file, makes sure it did
// not change while the user was deciding, and writes it atomically. The
// note is what the language server says the change broke ("" if nothing).
func (s *session) commit(ctx context.Context, toolName, rel string, old []byte, existed bool, updated []byte) (diff, note string, err error) {
	diff = unifiedDiff(rel, old, existed, updated)
	err = s.gate.Check(ctx, permission.Request{Tool: toolName, Kind: permission.KindEdit, Path: rel, Diff: diff})
	if err != nil {
		return "", "", err
	}
	now, nowExists, err := s.current(ctx, rel)
	if err != nil {
		return "", "", err
	}
	if nowExists != existed || !bytes.Equal(now, old) {
		return "", "", fmt.Errorf("%w: %s changed since you read it — read it again", ErrStale, rel)
	}
	if s.snapshot != nil {
		if err := s.snapshot.Before(ctx, s.root.Abs(rel)); err != nil {
			return "", "", fmt.Errorf("snapshot before changing %s: %w", rel, err)
		}
	}
	var diagnose func(context.Context, []byte) string
	if s.diagnoser != nil {
		diagnose = s.diagnoser.Before(ctx, s.root.Abs(rel), old, existed)
	}
	if err := s.files.WriteFile(ctx, s.root.Abs(rel), updated); err != nil {
		return "", "", err
	}
	s.reads.saw(rel, updated)
	s.notifyChanged(ctx, []string{rel})
	if s.ignore.IsRuleFile(path.Base(rel)) {
		dir := path.Dir(rel)
		if dir == "." {
			dir = ""
		}
		s.ignore.Forget(dir)
	}
	if diagnose != nil {
		note = diagnose(ctx, updated)
	}
	return diff, note, nil
}

// unifiedDiff is the exact change shown to the user for approval.
func unifiedDiff(rel string, old []byte, existed bool, updated []byte) string {
	from := "a/" + rel
	if !existed {
		from = "/dev/null"
	}
	return udiff.Unified(from, "b/"+rel, string(old), string(updated))
}

// clipDiff shortens a diff for the model, which already knows the change.
func clipDiff(diff string) string {
	if len(diff) <= maxDiffShown {
		return diff
	}
	cut := cutUTF8(diff, maxDiffShown)
	return cut + fmt.Sprintf("\n[diff cut: %d more bytes]", len(diff)-len(cut))
}

func countLines(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	n := bytes.Count(b, []byte{'\n'})
	if !bytes.HasSuffix(b, []byte{'\n'}) {
		n++
	}
	return n
}

func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, strings.TrimSuffix(word, "s"))
}

// notifyChanged reports workspace-relative paths to Config.Changed and to
// the call's change log (tool.LogChanges).
func (s *session) notifyChanged(ctx context.Context, rels []string) {
	if len(rels) == 0 {
		return
	}
	abs := make([]string, len(rels))
	for i, r := range rels {
		abs[i] = s.root.Abs(r)
	}
	tool.LogChanges(ctx, abs)
	if s.changed != nil {
		s.changed(ctx, abs)
	}
}
