package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/session"
)

// networkRow is one request of `sessions network --json`: exactly these
// fields, a CLI contract.
type networkRow struct {
	Time     time.Time `json:"time"`
	Purpose  string    `json:"purpose"`
	Method   string    `json:"method"`
	Host     string    `json:"host"`
	Path     string    `json:"path"`
	Status   int       `json:"status"`
	BytesOut int64     `json:"bytes_out"`
	BytesIn  int64     `json:"bytes_in"`
}

func sessionsNetwork(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "sessions network", "sessions network ID [--json]")
	asJSON := fs.Bool("json", false, "print JSON: an array of requests")
	return withSessions(ctx, env, fs, args, 1, func(s *session.Store, pos []string) int {
		id, err := s.Resolve(ctx, pos[0])
		if errors.Is(err, session.ErrNotFound) {
			err = fmt.Errorf("no session %q (see 'hearth sessions list')", pos[0])
		}
		if err != nil {
			return failure(env, fs.Name(), err)
		}
		log, err := s.Network(ctx, id)
		if err != nil {
			return failure(env, fs.Name(), err)
		}
		if *asJSON {
			rows := make([]networkRow, 0, len(log))
			for _, e := range log {
				rows = append(rows, networkRow{Time: e.Time.UTC(), Purpose: string(e.Purpose), Method: e.Method,
					Host: e.Host, Path: e.Path, Status: e.Status, BytesOut: e.BytesOut, BytesIn: e.BytesIn})
			}
			enc := json.NewEncoder(env.Stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(rows); err != nil {
				return failure(env, fs.Name(), err)
			}
			return ExitOK
		}
		if len(log) == 0 {
			fmt.Fprintln(env.Stdout, "no requests")
			return ExitOK
		}
		printNetwork(env, log)
		return ExitOK
	})
}

// printNetwork prints the requests as aligned columns; a request that got
// no status says why after its byte counts.
func printNetwork(env *Env, log []egress.Entry) {
	tw := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TIME\tPURPOSE\tMETHOD\tHOST\tPATH\tSTATUS\tOUT\tIN")
	for _, e := range log {
		status, why := strconv.Itoa(e.Status), ""
		if e.Status == 0 {
			status, why = "-", "\t"+termSafe(oneLine(e.Error))
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%d\t%d%s\n", e.Time.Local().Format(time.DateTime), e.Purpose, e.Method,
			termSafe(e.Host), termSafe(e.Path), status, e.BytesOut, e.BytesIn, why)
	}
	tw.Flush()
}
