package tools

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/agent/process"
	"github.com/hearth-agent/hearth/internal/eventually"
	"github.com/hearth-agent/hearth/internal/testserve"
)

func TestMain(m *testing.M) {
	testserve.Main() // the test binary is also the tests' HTTP server and client
	os.Exit(m.Run())
}

// TestBackgroundServerAnswersALaterCall: a server started with background
// answers a later shell call, the model hears which port it listens on,
// and process_stop leaves nothing of its tree.
func TestBackgroundServerAnswersALaterCall(t *testing.T) {
	procs := process.NewTable(process.Options{})
	defer procs.Close()
	_, ts := newWS(t, nil, Config{Approve: ApproveAll, Processes: procs})
	files := t.TempDir()
	out := mustRun(t, ts["shell"], map[string]any{"command": testserve.ServeLine(files), "background": true})
	if !strings.Contains(out, "background process p1 is running") || !strings.Contains(out, "first output:\nready") {
		t.Fatalf("started: %q", out)
	}
	var f testserve.Files
	eventually.NoError(t, "the server's files", func() (err error) {
		f, err = testserve.Read(files)
		return err
	})
	url := "http://127.0.0.1:" + strconv.Itoa(f.Port) + "/"
	got := mustRun(t, ts["shell"], map[string]any{"command": testserve.GetLine(url)})
	if !strings.Contains(got, testserve.Body) {
		t.Fatalf("the later call got %q", got)
	}
	listening := "listening on 127.0.0.1:" + strconv.Itoa(f.Port)
	seen := strings.Contains(got, listening)
	eventually.True(t, "the port told to the model", func() bool {
		if !seen {
			seen = strings.Contains(mustRun(t, ts["process_output"], map[string]any{"id": "p1"}), listening)
		}
		return seen
	})
	stopped := mustRun(t, ts["process_stop"], map[string]any{"id": "p1"})
	if !strings.Contains(stopped, "background process p1 was stopped") {
		t.Fatalf("stop: %q", stopped)
	}
	info := procs.List()[0]
	eventually.True(t, "the server's whole tree gone", func() bool {
		return testserve.Gone(info.PID) && testserve.Gone(f.Server) && testserve.Gone(f.Child)
	})
	_, err := run(t, ts["process_output"], map[string]any{"id": "p7"})
	if err == nil || !strings.Contains(err.Error(), "p1 (stopped)") {
		t.Fatalf("unknown id: %v", err)
	}
}

// TestBackgroundNeedsATable: without a conversation's table, background is
// refused and its tools are not offered.
func TestBackgroundNeedsATable(t *testing.T) {
	_, ts := newWS(t, nil, Config{Approve: ApproveAll})
	if _, err := run(t, ts["shell"], map[string]any{"command": "sleep 5", "background": true}); !errors.Is(err, ErrNoBackground) {
		t.Fatalf("background without a table: %v", err)
	}
	if ts["process_output"] != nil || ts["process_stop"] != nil {
		t.Fatal("process tools offered without a table")
	}
}
