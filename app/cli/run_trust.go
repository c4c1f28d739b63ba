package cli

import (
	"fmt"

	"github.com/hearth-agent/hearth/agent/trust"
)

// runTrust opens the trust record (beside the settings), trusts the
// workspace for this run when --trust was given, and otherwise prints one
// line naming the project items that will be ignored.
func runTrust(env *Env, ws string, forRun bool) (*trust.Store, error) {
	dir := env.Getenv("HEARTH_CONFIG_DIR")
	if dir == "" {
		d, err := trust.DefaultDir()
		if err != nil {
			return nil, err
		}
		dir = d
	}
	st := trust.NewStore(dir)
	if forRun {
		return st, st.TrustForRun(ws)
	}
	items, err := trust.List(ws)
	if err != nil {
		return nil, err
	}
	if w := trust.Warning(st.Check(ws, items)); w != "" {
		fmt.Fprintf(env.Stderr, "hearth: %s\n", w)
	}
	return st, nil
}
