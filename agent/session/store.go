package session

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/gofrs/flock"
)

// FileName is the database's name inside the data directory.
const FileName = "sessions.db"

// DefaultPath is where the desktop app keeps sessions:
// <user config dir>/Hearth/sessions.db.
func DefaultPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("finding the user config directory: %w", err)
	}
	return filepath.Join(dir, "Hearth", FileName), nil
}

// Options tune a Store. The zero value is the production setting.
type Options struct {
	// FlushInterval is how often streamed deltas are written; 200 ms when 0.
	FlushInterval time.Duration
	// UndoWindow is how long a deleted session can be restored before
	// Purge removes it; 10 s when 0.
	UndoWindow time.Duration
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// AfterFunc arms the timer that flushes streamed deltas and returns
	// what stops it; time.AfterFunc when nil. Tests pass their own to fire
	// the flush without waiting for FlushInterval.
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// Redact, when set, is applied to text before it is stored: user
	// messages, summaries, tool arguments and outputs, errors, and each
	// assistant step's text and reasoning when it finishes (a key split
	// across streamed flushes is caught then). Pass the keychain-aware
	// redactor so keys pasted or printed by tools never reach the disk.
	Redact func(string) string
}

// Store is a sessions database. It is safe for concurrent use, and several
// Stores (in one process or several) may share one file.
type Store struct {
	path  string
	w     *sql.DB // one connection: writers queue here instead of busy-waiting
	r     *sql.DB // readers run in parallel under WAL
	opt   Options
	owner string
	lock  *flock.Flock
	ck    *sql.DB // the checkpointer's connection
	stmts [stmtCount]*sql.Stmt

	stopCk chan struct{}
	ckDone chan struct{}

	mu     sync.Mutex
	closed bool
}

// Open opens (creating if needed) the database at path, refuses a newer
// schema, checks integrity, upgrades the schema, marks the streaming steps of
// dead writers as interrupted and purges sessions deleted longer ago than the
// undo window.
func Open(ctx context.Context, path string, opt Options) (*Store, error) {
	if opt.FlushInterval <= 0 {
		opt.FlushInterval = 200 * time.Millisecond
	}
	if opt.UndoWindow <= 0 {
		opt.UndoWindow = 10 * time.Second
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	if opt.AfterFunc == nil {
		opt.AfterFunc = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	if opt.Redact == nil {
		opt.Redact = func(s string) string { return s }
	}
	if strings.ContainsRune(path, '?') {
		return nil, fmt.Errorf("the sessions database path %q must not contain '?'", path)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("creating the sessions directory: %w", err)
	}
	s := &Store{path: path, opt: opt}
	if err := s.open(ctx); err != nil {
		s.closeDBs()
		return nil, err
	}
	if err := s.claimOwner(); err != nil {
		s.closeDBs()
		return nil, err
	}
	if err := s.Recover(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if _, err := s.Purge(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func dsn(path string, write bool) string {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	q.Add("_pragma", "foreign_keys(1)")
	// NORMAL in WAL mode: a process crash loses nothing committed; a power
	// cut may lose the last commits but never corrupts the file.
	q.Add("_pragma", "synchronous(NORMAL)")
	if write {
		// The checkpointer does this off the commit path; the threshold
		// (about 40 MB) only bounds the WAL if it falls behind.
		q.Add("_pragma", "wal_autocheckpoint(10000)")
		// Text replaced by redaction is zeroed, not left in free space.
		q.Add("_pragma", "secure_delete(1)")
		// Take the write lock at BEGIN so two processes never deadlock
		// upgrading read locks.
		q.Set("_txlock", "immediate")
	} else {
		q.Add("_pragma", "query_only(1)")
	}
	// A plain path, not a file: URI: the driver cuts the query at the first
	// '?', and URIs need platform-specific escaping of drive letters.
	return path + "?" + q.Encode()
}

func (s *Store) open(ctx context.Context) error {
	var err error
	if s.w, err = sql.Open("sqlite", dsn(s.path, true)); err != nil {
		return fmt.Errorf("opening %s: %w", s.path, err)
	}
	s.w.SetMaxOpenConns(1)
	s.w.SetConnMaxIdleTime(0)
	// The schema version is read before anything can write to the file, so a
	// newer database is refused untouched.
	v, err := userVersion(ctx, s.w)
	if err != nil {
		return s.corrupt(ctx, err)
	}
	// Conversations are private: owner-only, whatever the umask. SQLite
	// gives the WAL and shared-memory files the same mode.
	if err := os.Chmod(s.path, 0o600); err != nil {
		return fmt.Errorf("protecting %s: %w", s.path, err)
	}
	if v > SchemaVersion {
		return &SchemaTooNewError{Path: s.path, Found: v, Newest: SchemaVersion}
	}
	if err := s.checkIntegrity(ctx); err != nil {
		return err
	}
	if _, err := s.w.ExecContext(ctx, "PRAGMA journal_mode = WAL"); err != nil {
		return s.corrupt(ctx, err)
	}
	if err := migrate(ctx, s.w, SchemaVersion); err != nil {
		return err
	}
	// A writer killed before its checkpointer ran leaves its WAL behind;
	// fold it in now so crash after crash cannot grow it without bound.
	if _, err := s.w.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)"); err != nil {
		return fmt.Errorf("checkpointing %s: %w", s.path, err)
	}
	if err := s.prepareWrites(ctx); err != nil {
		return err
	}
	if s.r, err = sql.Open("sqlite", dsn(s.path, false)); err != nil {
		return fmt.Errorf("opening %s: %w", s.path, err)
	}
	s.r.SetMaxOpenConns(4)
	if s.ck, err = sql.Open("sqlite", dsn(s.path, false)); err != nil {
		return fmt.Errorf("opening %s: %w", s.path, err)
	}
	s.ck.SetMaxOpenConns(1)
	s.stopCk, s.ckDone = make(chan struct{}), make(chan struct{})
	go s.checkpointer(s.ck, s.stopCk, s.ckDone)
	return nil
}

// claimOwner holds a lock file for the life of the Store, so other Stores
// can tell a live writer's streaming step from one left by a crash.
func (s *Store) claimOwner() error {
	if err := os.MkdirAll(s.ownersDir(), 0o700); err != nil {
		return fmt.Errorf("creating the writer lock directory: %w", err)
	}
	for range 3 {
		s.owner = newID()
		s.lock = flock.New(filepath.Join(s.ownersDir(), s.owner+".lock"))
		if ok, err := s.lock.TryLock(); err != nil || !ok {
			return fmt.Errorf("locking %s: %v", s.lock.Path(), err)
		}
		// A sweep by another Store may unlink the file between its creation
		// and the lock; a lock on an unlinked file protects nothing.
		held, err1 := s.lock.Stat()
		named, err2 := os.Stat(s.lock.Path())
		if err1 == nil && err2 == nil && os.SameFile(held, named) {
			return nil
		}
		s.lock.Unlock()
	}
	return fmt.Errorf("could not hold a writer lock in %s", s.ownersDir())
}

// sweepOwners removes the lock files of writers that are gone, which a
// crash leaves behind.
func (s *Store) sweepOwners() {
	names, _ := filepath.Glob(filepath.Join(s.ownersDir(), "*.lock"))
	for _, name := range names {
		if name == s.lock.Path() {
			continue
		}
		l := flock.New(name)
		if ok, err := l.TryLock(); err == nil && ok {
			os.Remove(name)
			l.Unlock()
		}
	}
}

func (s *Store) ownersDir() string { return s.path + "-writers" }

// Path is the database file.
func (s *Store) Path() string { return s.path }

// Close releases the database. Open Turns must be finished first; a step
// still streaming is marked interrupted by the next Open.
func (s *Store) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	err := s.closeDBs()
	if s.lock != nil {
		s.lock.Unlock()
		os.Remove(s.lock.Path())
	}
	return err
}

func (s *Store) closeDBs() error {
	if s.stopCk != nil {
		close(s.stopCk)
		<-s.ckDone
		s.stopCk = nil
	}
	errs := []error{s.closeStmts()}
	for _, db := range []*sql.DB{s.ck, s.r, s.w} {
		if db != nil {
			errs = append(errs, db.Close())
		}
	}
	return errors.Join(errs...)
}

func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
