package assembly

import (
	"context"

	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/undo"
)

// Snapshots lets the tools record a turn's changes in the undo store: files
// before an edit or write, and the workspace around a shell command.
type Snapshots struct{ Turn *undo.Turn }

var (
	_ tools.Snapshotter      = Snapshots{}
	_ tools.ShellSnapshotter = Snapshots{}
)

// Before snapshots one file before its first change in the turn.
func (s Snapshots) Before(ctx context.Context, abs string) error { return s.Turn.Before(ctx, abs) }

// BeforeShell scans the workspace; the returned func lists what the
// command changed (and adds those files to the turn).
func (s Snapshots) BeforeShell(ctx context.Context) (tools.ShellDone, error) {
	scan, err := s.Turn.BeforeShell(ctx, undo.ScanOptions{})
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context) ([]string, error) {
		ch, err := s.Turn.AfterShell(ctx, scan)
		if err != nil {
			return nil, err
		}
		return ch.Changed, nil
	}, nil
}
