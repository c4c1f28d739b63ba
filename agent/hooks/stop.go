package hooks

import "context"

// MaxStopRounds bounds how often Stop or SubagentStop hooks may send an
// agent back in one turn, so two hooks that disagree cannot loop forever.
const MaxStopRounds = 3

// AskStop fires ev (Stop or SubagentStop; value is what its matchers see)
// and says whether the hooks send the agent back, with their reason as the
// instruction. round counts the times they already did.
func (s *Set) AskStop(ctx context.Context, ev Event, value string, sess Session, round int) (string, bool) {
	if !s.Has(ev) || ctx.Err() != nil {
		return "", false
	}
	active := round > 0
	res := s.Fire(ctx, ev, value, Input{SessionID: sess.ID, Cwd: sess.Workspace, StopHookActive: &active}, sess.Report)
	if !res.Block || res.Halt || round >= MaxStopRounds {
		return "", false
	}
	return res.Reason, true
}
