package session

import (
	"bufio"
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The desktop app and a headless run in another process write the same file
// at once: neither blocks the other for long, and nothing is lost.
func TestTwoProcessesShareOneFile(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	ui := openAt(t, path, Options{})

	cmd, out := startWriter(t, path)
	lines := make(chan string, 1<<16)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	if l := <-lines; l != "R" {
		t.Fatalf("child: %s", l)
	}

	sess := mustCreate(t, ui, "/ws/ui")
	var slowest time.Duration
	for i := 0; i < 100; i++ {
		start := time.Now()
		if _, err := ui.AddUserMessage(ctx, sess.ID, fmt.Sprintf("ui message %d", i)); err != nil {
			t.Fatal(err)
		}
		slowest = max(slowest, time.Since(start))
		if _, err := ui.List(ctx, ListOptions{Workspace: "/crash"}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Millisecond) // a person's pace, roughly
	}
	// The headless writer's steps are live: the UI's Recover leaves them.
	if err := ui.Recover(ctx); err != nil {
		t.Fatal(err)
	}
	cmd.Process.Kill()
	cmd.Wait()

	var childCommits int
	for l := range lines {
		if strings.HasPrefix(l, "E ") {
			t.Fatalf("child failed: %s", l)
		}
		var kind, digest string
		var id int64
		if _, err := fmt.Sscanf(l, "%s %d %s", &kind, &id, &digest); err == nil && kind == "A" {
			childCommits++
			var state string
			if err := ui.r.QueryRow("SELECT state FROM messages WHERE id = ?", id).Scan(&state); err != nil || state != "complete" {
				t.Fatalf("child's step %d: %q, %v", id, state, err)
			}
		}
	}
	if childCommits == 0 {
		t.Fatal("the other process committed nothing while the UI wrote")
	}
	if n := len(mustLoad(t, ui, sess.ID).Messages); n != 100 {
		t.Fatalf("UI session has %d messages, want 100", n)
	}
	t.Logf("child committed %d steps meanwhile; slowest UI append %v", childCommits, slowest)
	var check string
	if err := ui.w.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check = %q, %v", check, err)
	}
}
