package session

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strconv"
	"strings"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

type migration struct {
	version int
	name    string
	sql     string
}

// migrations are the embedded schema steps, in order. Their file names start
// with the schema version they produce (0001_init.sql makes version 1); the
// database records its version in PRAGMA user_version.
var migrations = mustLoadMigrations(migrationFS)

// SchemaVersion is the newest schema this build understands.
var SchemaVersion = len(migrations)

func mustLoadMigrations(fsys fs.FS) []migration {
	names, err := fs.Glob(fsys, "migrations/*.sql")
	if err != nil {
		panic(err)
	}
	sort.Strings(names)
	var out []migration
	for i, name := range names {
		base := strings.TrimPrefix(name, "migrations/")
		v, err := strconv.Atoi(strings.SplitN(base, "_", 2)[0])
		if err != nil || v != i+1 {
			panic(fmt.Sprintf("session: migration %s is out of sequence (want version %d)", base, i+1))
		}
		b, err := fs.ReadFile(fsys, name)
		if err != nil {
			panic(err)
		}
		out = append(out, migration{version: v, name: base, sql: string(b)})
	}
	return out
}

func userVersion(ctx context.Context, db *sql.DB) (int, error) {
	var v int
	if err := db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
		return 0, fmt.Errorf("reading the schema version: %w", err)
	}
	return v, nil
}

// migrate brings db up to version target, one transaction per step so a
// crash mid-upgrade leaves the database at the last finished version.
func migrate(ctx context.Context, db *sql.DB, target int) error {
	for {
		// Read the version inside the write transaction: another process may
		// be upgrading the same file at the same moment.
		tx, err := db.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("starting schema upgrade: %w", err)
		}
		var v int
		if err := tx.QueryRowContext(ctx, "PRAGMA user_version").Scan(&v); err != nil {
			tx.Rollback()
			return fmt.Errorf("reading the schema version: %w", err)
		}
		if v >= target {
			return tx.Rollback()
		}
		m := migrations[v]
		if _, err := tx.ExecContext(ctx, m.sql); err != nil {
			tx.Rollback()
			return fmt.Errorf("upgrading the sessions database to schema %d (%s): %w", m.version, m.name, err)
		}
		if _, err := tx.ExecContext(ctx, fmt.Sprintf("PRAGMA user_version = %d", m.version)); err != nil {
			tx.Rollback()
			return fmt.Errorf("recording schema %d: %w", m.version, err)
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("committing schema %d: %w", m.version, err)
		}
	}
}
