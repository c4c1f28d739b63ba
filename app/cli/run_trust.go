package cli

import (
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/trust"
)

// runTrust opens the trust record (beside the settings), trusts the
// workspace for this run when --trust was given, and prints one line
// naming the project items that will be ignored; origin is the folder a
// worktree ws was made from ("" for none).
func runTrust(env *Env, ws, origin string, forRun bool) (*trust.Store, error) {
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
		if err := st.TrustForRun(ws); err != nil {
			return nil, err
		}
	}
	eff, err := trust.Open(ws, st.InTree(ws, origin))
	if err != nil {
		return nil, err
	}
	if w := trust.Warning(eff.Statuses); w != "" {
		for _, ln := range strings.Split(w, "\n") {
			fmt.Fprintf(env.Stderr, "hearth: %s\n", ln)
		}
	}
	return st, nil
}
