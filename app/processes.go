package app

import (
	"time"

	"github.com/hearth-agent/hearth/agent/process"
	"github.com/hearth-agent/hearth/agent/redact"
)

// ProcessesEventName is the Wails event that carries the chat's background
// processes ([]ProcessView) whenever one starts, ends or opens a port.
const ProcessesEventName = "processes"

// ProcessView is one background process for the Processes panel.
type ProcessView struct {
	ID        string   `json:"id"`
	Command   string   `json:"command"`
	PID       int      `json:"pid"`    // the root of its tree
	Status    string   `json:"status"` // running, exited, stopped
	ExitCode  int      `json:"exitCode"`
	StartedAt int64    `json:"startedAt"`         // Unix ms
	EndedAt   int64    `json:"endedAt,omitempty"` // Unix ms, once ended
	Ports     []string `json:"ports"`
}

// ProcessesChanged implements conversation.ProcessSink.
// Only the shown conversation's processes are in the panel.
func (s sink) ProcessesChanged([]process.Info) {
	if s.a.shownID() == s.conv {
		s.a.tellProcesses()
	}
}

// tellProcesses sends the shown conversation's processes, read afresh and
// one list at a time: a process's exit and its port opening report on
// their own goroutines, and a list read before a change must not reach
// the panel after it (nor one conversation's list after another is shown).
func (a *App) tellProcesses() {
	a.processesTelling.Lock()
	defer a.processesTelling.Unlock()
	if c := a.chat(); c != nil {
		a.emit(ProcessesEventName, a.processViews(c.Processes()))
	}
}

// List is the shown conversation's background processes, oldest first.
func (a *Processes) List() []ProcessView { return a.processViews(a.chat().Processes()) }

// Output is the last output of one background process, with keys
// and stored secrets removed.
func (a *Processes) Output(id string) (string, error) {
	out, err := a.chat().ProcessOutput(id)
	if err != nil {
		return "", viewErr(err)
	}
	return a.redactor().String(out), nil
}

// Stop stops one background process and everything it started.
func (a *Processes) Stop(id string) error { return viewErr(a.chat().StopProcess(id)) }

// redactor removes the person's keys and stored secrets.
func (a *App) redactor() *redact.Redactor {
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	st := a.deps.Settings.Get()
	return redact.New(a.deps.Secrets.Values(ctx, st.ProviderIDs())...)
}

func (a *App) processViews(procs []process.Info) []ProcessView {
	red := a.redactor()
	out := make([]ProcessView, 0, len(procs))
	for _, p := range procs {
		v := ProcessView{ID: p.ID, Command: red.String(p.Command), PID: p.PID, Status: p.Status, ExitCode: p.ExitCode,
			StartedAt: p.Started.UnixMilli(), Ports: p.Ports}
		if !p.Ended.IsZero() {
			v.EndedAt = p.Ended.UnixMilli()
		}
		if v.Ports == nil {
			v.Ports = []string{}
		}
		out = append(out, v)
	}
	return out
}
