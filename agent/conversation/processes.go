package conversation

import (
	"context"

	"github.com/hearth-agent/hearth/agent/process"
	"github.com/hearth-agent/hearth/agent/settings"
)

// freshProcessesLocked gives the chat a table of background processes of
// its own; the previous chat's processes end (in the background: the lock
// is held).
func (c *Conversation) freshProcessesLocked() {
	if old := c.procs; old != nil {
		go old.Close()
	}
	table := process.NewTable(process.Options{Max: c.maxProcesses, OnChange: c.processesChanged})
	if c.closed {
		table.Close()
	}
	c.procs = table
}

// maxProcesses is the setting, asked at each start.
func (c *Conversation) maxProcesses() int {
	if c.cfg.Settings != nil {
		return BackgroundLimit(c.cfg.Settings())
	}
	return process.DefaultMax
}

// BackgroundLimit is how many background processes one conversation may
// run at once under st: its backgroundProcesses, or the default.
func BackgroundLimit(st settings.Settings) int {
	if st.BackgroundProcesses > 0 {
		return st.BackgroundProcesses
	}
	return process.DefaultMax
}

// Processes lists the chat's background processes, oldest first.
func (c *Conversation) Processes() []process.Info {
	c.mu.Lock()
	procs := c.procs
	c.mu.Unlock()
	if procs == nil {
		return nil
	}
	return procs.List()
}

// StopProcess stops one of the chat's background processes (the person's
// Stop in the Processes panel).
func (c *Conversation) StopProcess(id string) error {
	c.mu.Lock()
	procs := c.procs
	c.mu.Unlock()
	if procs == nil {
		return inputf("process", "no background process is running")
	}
	if _, err := procs.Stop(context.Background(), id); err != nil {
		return inputf("process", err.Error())
	}
	return nil
}

// ProcessOutput is the last output of one of the chat's background
// processes, for the person; the model's own reading is not moved.
func (c *Conversation) ProcessOutput(id string) (string, error) {
	c.mu.Lock()
	procs := c.procs
	c.mu.Unlock()
	if procs == nil {
		return "", inputf("process", "no background process is running")
	}
	r, err := procs.Output(context.Background(), id, true)
	if err != nil {
		return "", inputf("process", err.Error())
	}
	return r.Output, nil
}

// Close ends the conversation: its turn is stopped and every background
// process it started ends, before Close returns. Its Project calls it.
func (c *Conversation) Close() {
	c.mu.Lock()
	c.closed = true
	procs := c.procs
	c.mu.Unlock()
	c.Stop()
	if procs != nil {
		procs.Close()
	}
}

// processesChanged tells the front-end the list changed.
func (c *Conversation) processesChanged() {
	if s, ok := c.sink.(ProcessSink); ok {
		s.ProcessesChanged(c.Processes())
	}
}

// ProcessSink is an optional capability of a Sink: it is told the chat's
// background processes whenever one starts, ends or opens a port.
type ProcessSink interface {
	ProcessesChanged([]process.Info)
}
