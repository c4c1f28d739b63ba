package session

import (
	"context"
	"database/sql"
	"time"
)

// checkpointEvery is how often the WAL is copied back into the database.
const checkpointEvery = time.Second

// checkpointer runs WAL checkpoints on its own connection. SQLite would
// otherwise checkpoint inside whichever commit crosses the WAL threshold,
// and that commit would pay for the copy and the fsync: the slow appends
// at the tail of the latency distribution. A passive checkpoint does not
// block writers or readers.
func (s *Store) checkpointer(db *sql.DB, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	t := time.NewTicker(checkpointEvery)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			// Failures are harmless (busy, or closing): the WAL just waits
			// for the next tick, and every reader still sees committed data.
			db.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
			cancel()
		}
	}
}
