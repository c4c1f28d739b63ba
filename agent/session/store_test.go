package session

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/internal/eventually"
)

func TestFTS5IsAvailableInTheDriver(t *testing.T) {
	s := openTemp(t)
	var n int
	if err := s.r.QueryRow("SELECT count(*) FROM messages_fts").Scan(&n); err != nil {
		t.Fatalf("FTS5 table unusable: %v", err)
	}
	var mode string
	if err := s.w.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q, %v; want wal", mode, err)
	}
}

func TestDefaultPathIsUnderTheUserConfigDir(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/tmp/cfg-test")
	t.Setenv("HOME", "/tmp/home-test")
	p, err := DefaultPath()
	if err != nil {
		t.Fatal(err)
	}
	dir, _ := os.UserConfigDir()
	if p != filepath.Join(dir, "Hearth", "sessions.db") {
		t.Fatalf("DefaultPath = %s", p)
	}
}

func TestPathWithSpacesWorks(t *testing.T) {
	path := filepath.Join(t.TempDir(), "Application Support", "Hearth", FileName)
	s := openAt(t, path, Options{})
	mustCreate(t, s, "/ws")
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database not at %s: %v", path, err)
	}
}

// rawDB opens a file without the Store, to build old or odd databases.
func rawDB(t *testing.T, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	return db
}

func TestOldDatabaseUpgradesKeepingItsData(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	db := rawDB(t, path)
	if err := migrate(ctx, db, 1); err != nil {
		t.Fatal(err)
	}
	// A session written by a version-1 Hearth, before search existed.
	for _, q := range []string{
		`INSERT INTO sessions (id, workspace, title, title_source, created_at, updated_at)
		 VALUES ('0123456789abcdef', '/ws/old', 'Old chat', 'auto', 1000, 2000)`,
		`INSERT INTO messages (session_id, seq, role, text, state, started_at, finished_at)
		 VALUES ('0123456789abcdef', 1, 'user', 'remember the marmalade recipe', 'complete', 1000, 1000)`,
		`INSERT INTO messages (session_id, seq, role, text, state, started_at, owner)
		 VALUES ('0123456789abcdef', 2, 'assistant', 'half an answer', 'streaming', 1500, '')`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()

	s := openAt(t, path, Options{})
	v, err := userVersion(ctx, s.w)
	if err != nil || v != SchemaVersion {
		t.Fatalf("version after upgrade = %d, %v; want %d", v, err, SchemaVersion)
	}
	tr := mustLoad(t, s, "0123456789abcdef")
	if tr.Session.Title != "Old chat" || len(tr.Messages) != 2 {
		t.Fatalf("old data changed: %+v", tr)
	}
	// The step a crashed old version left streaming is interrupted now.
	if tr.Messages[1].State != StateInterrupted || tr.Messages[1].Text != "half an answer" {
		t.Fatalf("old streaming step = %+v", tr.Messages[1])
	}
	// Old history is searchable after the upgrade, including the recovered step.
	for _, q := range []string{"marmalade", "half answer"} {
		hits, err := s.Search(ctx, q, SearchOptions{})
		if err != nil || len(hits) != 1 {
			t.Fatalf("search %q after upgrade: %v, %v", q, hits, err)
		}
	}
}

func TestEveryMigrationStepRunsFromScratch(t *testing.T) {
	ctx := context.Background()
	for target := 1; target <= SchemaVersion; target++ {
		db := rawDB(t, filepath.Join(t.TempDir(), FileName))
		if err := migrate(ctx, db, target); err != nil {
			t.Fatalf("to %d: %v", target, err)
		}
		if v, _ := userVersion(ctx, db); v != target {
			t.Fatalf("version %d, want %d", v, target)
		}
		db.Close()
	}
}

func fileHash(t *testing.T, path string) [32]byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return sha256.Sum256(b)
}

func TestNewerDatabaseIsRefusedUntouched(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), FileName)
	db := rawDB(t, path)
	if err := migrate(ctx, db, SchemaVersion); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA user_version = 99"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	before := fileHash(t, path)

	_, err := Open(ctx, path, Options{})
	var tooNew *SchemaTooNewError
	if !errors.As(err, &tooNew) || tooNew.Found != 99 || tooNew.Newest != SchemaVersion {
		t.Fatalf("got %v, want SchemaTooNewError", err)
	}
	if !strings.Contains(err.Error(), "newer version of Hearth") {
		t.Fatalf("message not clear: %v", err)
	}
	if fileHash(t, path) != before {
		t.Fatal("a refused database was modified")
	}
}

func TestDamagedDatabaseIsCopiedAsideNotReplaced(t *testing.T) {
	ctx := context.Background()
	cases := []struct {
		name   string
		damage func(t *testing.T, path string)
	}{
		{"not a database", func(t *testing.T, path string) {
			os.WriteFile(path, bytes.Repeat([]byte("garbage!"), 1024), 0o600)
		}},
		{"pages overwritten", func(t *testing.T, path string) {
			s := openAt(t, path, Options{})
			sess := mustCreate(t, s, "/ws")
			for i := 0; i < 300; i++ {
				mustUser(t, s, sess.ID, strings.Repeat("filler text ", 40))
			}
			s.Close()
			b, _ := os.ReadFile(path)
			if len(b) < 8*4096 {
				t.Fatalf("database too small to damage: %d", len(b))
			}
			// Scribble over interior pages, keeping the header intact.
			for i := 2 * 4096; i < 6*4096; i++ {
				b[i] = 0x5a
			}
			os.WriteFile(path, b, 0o600)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), FileName)
			c.damage(t, path)
			before := fileHash(t, path)
			_, err := Open(ctx, path, Options{Now: func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }})
			var ce *CorruptError
			if !errors.As(err, &ce) {
				t.Fatalf("got %v, want CorruptError", err)
			}
			if ce.CopyPath != path+".damaged-20260102-030405" {
				t.Fatalf("copy path = %q", ce.CopyPath)
			}
			if fileHash(t, ce.CopyPath) != before {
				t.Fatal("the copy differs from the damaged file")
			}
			if fileHash(t, path) != before {
				t.Fatal("the damaged database was changed or replaced")
			}
			if !strings.Contains(err.Error(), "is damaged") || !strings.Contains(err.Error(), ce.CopyPath) {
				t.Fatalf("message does not tell the user: %v", err)
			}
		})
	}
}

// A write whose context is cancelled mid-way reports the cancellation
// alone: the transaction's own rollback is done, and its "already been
// committed or rolled back" was a second, misleading line.
func TestCancelledWriteReportsTheCancellation(t *testing.T) {
	s := openTemp(t)
	sess := mustCreate(t, s, "/ws")
	ctx, cancel := context.WithCancel(context.Background())
	err := s.write(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE sessions SET title = 'x' WHERE id = ?`, sess.ID); err != nil {
			return err
		}
		cancel()
		// database/sql rolls a cancelled transaction back in the
		// background; the write fails once it has.
		eventually.True(t, "the cancelled transaction to roll back", func() bool {
			_, err := tx.ExecContext(context.Background(), `SELECT 1`)
			return errors.Is(err, sql.ErrTxDone)
		})
		return ctx.Err()
	})
	if !errors.Is(err, context.Canceled) || errors.Is(err, sql.ErrTxDone) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("err = %q, want the cancellation alone", err)
	}
	if got := mustLoad(t, s, sess.ID).Session.Title; got != "" {
		t.Errorf("the cancelled write changed the title to %q", got)
	}
}
