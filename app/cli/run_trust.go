package cli

import (
	"fmt"

	"github.com/hearth-agent/hearth/agent/trust"
)

// runTrust opens the trust record (beside the settings), trusts the
// workspace for this run when --trust was given, reads and judges what the
// workspace brings, and prints one line naming the project items that will
// be ignored.
func runTrust(env *Env, ws string, forRun bool) (*trust.Store, *trust.Effective, error) {
	dir := env.Getenv("HEARTH_CONFIG_DIR")
	if dir == "" {
		d, err := trust.DefaultDir()
		if err != nil {
			return nil, nil, err
		}
		dir = d
	}
	st := trust.NewStore(dir)
	if forRun {
		if err := st.TrustForRun(ws); err != nil {
			return nil, nil, err
		}
	}
	eff, err := trust.Open(ws, st)
	if err != nil {
		return nil, nil, err
	}
	if w := trust.Warning(eff.Statuses); w != "" {
		fmt.Fprintf(env.Stderr, "hearth: %s\n", w)
	}
	return st, eff, nil
}
