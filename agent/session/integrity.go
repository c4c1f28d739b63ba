package session

import (
	"context"
	"errors"
	"fmt"
	"os"

	sqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

func (s *Store) checkIntegrity(ctx context.Context) error {
	rows, err := s.w.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return s.corrupt(ctx, err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return s.corrupt(ctx, err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return s.corrupt(ctx, err)
	}
	if len(problems) > 0 {
		return s.corrupt(ctx, errors.New(problems[0]))
	}
	return nil
}

// corrupt turns a failure at open into a CorruptError after copying the
// damaged files aside. Errors that are not damage pass through unchanged.
func (s *Store) corrupt(ctx context.Context, cause error) error {
	var se *sqlite.Error
	if errors.As(cause, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB:
		default:
			return fmt.Errorf("opening %s: %w", s.path, cause)
		}
	} else if ctx.Err() != nil {
		return ctx.Err()
	}
	s.closeDBs()
	stamp := s.opt.Now().UTC().Format("20060102-150405")
	dst := s.path + ".damaged-" + stamp
	err := &CorruptError{Path: s.path, Detail: cause.Error(), Err: cause}
	if copyFile(s.path, dst) == nil {
		err.CopyPath = dst
		for _, suffix := range []string{"-wal", "-shm"} {
			copyFile(s.path+suffix, dst+suffix)
		}
	}
	return err
}

func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o600)
}
