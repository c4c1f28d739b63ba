package session

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

const crashChildEnv = "HEARTH_SESSION_CRASH_CHILD"

func digest(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:8])
}

// TestCrashChild is the writer the crash loop kills. It does nothing unless
// started by TestCrashLoopLosesNothingCommitted. After each commit returns it
// prints a line naming what is now durable; the parent checks those lines.
func TestCrashChild(t *testing.T) {
	path := os.Getenv(crashChildEnv)
	if path == "" {
		t.Skip("run by TestCrashLoopLosesNothingCommitted")
	}
	ctx := context.Background()
	s, err := Open(ctx, path, Options{FlushInterval: time.Millisecond})
	if err != nil {
		fmt.Printf("E open: %v\n", err)
		os.Exit(3)
	}
	fmt.Println("R")
	rng := rand.New(rand.NewPCG(uint64(os.Getpid()), uint64(time.Now().UnixNano())))
	fail := func(err error) {
		fmt.Printf("E %v\n", err)
		os.Exit(3)
	}
	for n := 0; ; n++ {
		sess, err := s.Create(ctx, NewSession{Workspace: "/crash"})
		if err != nil {
			fail(err)
		}
		for turn := 0; turn < 3; turn++ {
			text := fmt.Sprintf("question %d.%d %s", n, turn, strings.Repeat("q", rng.IntN(3000)))
			m, err := s.AddUserMessage(ctx, sess.ID, text)
			if err != nil {
				fail(err)
			}
			fmt.Printf("U %d %s\n", m.ID, digest(text))
			step, err := s.BeginAssistant(ctx, sess.ID, "p", "m")
			if err != nil {
				fail(err)
			}
			var full strings.Builder
			for d := 0; d < 1+rng.IntN(30); d++ {
				delta := fmt.Sprintf("token%d ", d) + strings.Repeat("a", rng.IntN(200))
				full.WriteString(delta)
				step.AppendText(delta)
				if rng.IntN(4) == 0 {
					time.Sleep(time.Duration(rng.IntN(1500)) * time.Microsecond) // a model streaming at an uneven pace, so the flush timer fires mid-step
				}
			}
			if rng.IntN(2) == 0 {
				if err := step.ToolStarted(ctx, ToolStart{CallID: "c", Name: "bash", Args: `{"cmd":"ls"}`}); err != nil {
					fail(err)
				}
				if err := step.ToolFinished(ctx, ToolResult{CallID: "c", Status: ToolOK, Output: full.String()}); err != nil {
					fail(err)
				}
				fmt.Printf("T %d %s\n", step.MessageID(), digest(full.String()))
			}
			if err := step.Finish(ctx, End{State: StateComplete, Usage: Usage{OutputTokens: 1}}); err != nil {
				fail(err)
			}
			fmt.Printf("A %d %s\n", step.MessageID(), digest(full.String()))
		}
	}
}

// startWriter re-executes this test binary as TestCrashChild writing path,
// returning its stdout.
func startWriter(t *testing.T, path string) (*exec.Cmd, io.Reader) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestCrashChild$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, out
}

// waitCommits returns after n commits were reported, or after a bound so a
// stalled writer cannot hang the test.
func waitCommits(commits <-chan struct{}, n int) {
	deadline := time.After(5 * time.Second)
	for i := 0; i < n; i++ {
		select {
		case <-commits:
		case <-deadline:
			return
		}
	}
}

type committed struct {
	kind   string // U user message, A finished step, T finished tool call
	id     int64
	digest string
}

// runChild starts a writer and SIGKILLs it at a random point: some during
// start-up (open, migration, recovery), most while it writes.
func runChild(t *testing.T, path string, rng *rand.Rand, startup time.Duration) ([]committed, time.Duration) {
	start := time.Now()
	cmd, out := startWriter(t, path)
	var mu sync.Mutex
	var got []committed
	var errLine string
	ready := make(chan time.Duration, 1)
	commits := make(chan struct{}, 1024)
	done := make(chan struct{})
	go func() {
		defer close(done)
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			line := sc.Text()
			var c committed
			switch {
			case line == "R":
				ready <- time.Since(start)
			case strings.HasPrefix(line, "E "):
				errLine = line
			default:
				if _, err := fmt.Sscanf(line, "%s %d %s", &c.kind, &c.id, &c.digest); err == nil {
					mu.Lock()
					got = append(got, c)
					mu.Unlock()
					select {
					case commits <- struct{}{}:
					default:
					}
				}
			}
		}
	}()
	var readyAfter time.Duration
	if rng.IntN(4) == 0 && startup > 0 {
		time.Sleep(time.Duration(rng.Int64N(int64(startup)))) // a random kill point during start-up, not a wait
	} else {
		select {
		case readyAfter = <-ready:
		case <-time.After(10 * time.Second):
			t.Fatal("child never became ready")
		}
		// The kill point is counted in commits, not wall time, so a loaded
		// CI machine (slower writers) still kills mid-write rather than
		// before anything was committed.
		waitCommits(commits, 1+rng.IntN(4))
		time.Sleep(time.Duration(rng.IntN(3000)) * time.Microsecond) // a random kill point between commits, not a wait
	}
	cmd.Process.Kill()
	cmd.Wait()
	<-done
	if errLine != "" {
		t.Fatalf("child failed: %s", errLine)
	}
	return got, readyAfter
}

// Writers SIGKILLed at random points, over and over on one file: the file
// stays intact and everything reported committed is there, unchanged.
func TestCrashLoopLosesNothingCommitted(t *testing.T) {
	const kills = 200
	path := filepath.Join(t.TempDir(), FileName)
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	var all []committed
	var startup time.Duration
	began := time.Now()
	for i := 0; i < kills; i++ {
		got, ready := runChild(t, path, rng, startup)
		if ready > startup {
			startup = ready
		}
		all = append(all, got...)
	}
	t.Logf("%d kills in %v, %d committed events checked", kills, time.Since(began).Round(time.Millisecond), len(all))
	if len(all) < kills {
		t.Fatalf("only %d commits across %d runs: the kills land too early to test anything", len(all), kills)
	}

	s := openAt(t, path, Options{})
	if locks, _ := filepath.Glob(filepath.Join(s.ownersDir(), "*.lock")); len(locks) != 1 {
		t.Fatalf("%d writer lock files left, want only the live store's", len(locks))
	}
	var check string
	if err := s.w.QueryRow("PRAGMA integrity_check").Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check = %q, %v", check, err)
	}
	if _, err := s.w.Exec("INSERT INTO messages_fts(messages_fts) VALUES('integrity-check')"); err != nil {
		t.Fatalf("search index inconsistent: %v", err)
	}
	for _, c := range all {
		var text, state, status, output string
		switch c.kind {
		case "U", "A":
			err := s.r.QueryRow("SELECT text, state FROM messages WHERE id = ?", c.id).Scan(&text, &state)
			if err != nil {
				t.Fatalf("committed message %d lost: %v", c.id, err)
			}
			if digest(text) != c.digest || state != string(StateComplete) {
				t.Fatalf("committed message %d changed: state %s, %d bytes", c.id, state, len(text))
			}
		case "T":
			err := s.r.QueryRow("SELECT status, output FROM tool_calls WHERE message_id = ? AND call_id = 'c'",
				c.id).Scan(&status, &output)
			if err != nil || status != string(ToolOK) || digest(output) != c.digest {
				t.Fatalf("committed tool result of %d lost or changed: %q, %v", c.id, status, err)
			}
		}
	}
	var streaming, interrupted int
	s.r.QueryRow("SELECT count(*) FROM messages WHERE state = 'streaming'").Scan(&streaming)
	s.r.QueryRow("SELECT count(*) FROM messages WHERE state = 'interrupted'").Scan(&interrupted)
	if streaming != 0 {
		t.Fatalf("%d steps still streaming after every writer died", streaming)
	}
	if interrupted == 0 {
		t.Fatal("no step was ever marked interrupted: the kills never hit a stream")
	}
	t.Logf("%d interrupted steps recovered", interrupted)
}
