package conversation

import "context"

// Queued lists the ids of the prompts waiting behind the running turn, in
// order, and whether Stop paused them.
func (c *Conversation) Queued() (ids []string, paused bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, q := range c.queue {
		ids = append(ids, q.id)
	}
	return ids, c.paused
}

// ResumeQueue runs the prompts Stop paused, in order, after the running turn if
// one runs; it reports the id of the prompt that starts now ("" when it
// waits behind a running turn).
func (c *Conversation) ResumeQueue() (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.queue) == 0 {
		return "", inputf("queue", "no queued prompt to resume")
	}
	c.paused = false
	if c.running {
		return "", nil
	}
	next := c.queue[0]
	c.queue = c.queue[1:]
	c.startTurns(next)
	return next.id, nil
}

// RemoveQueued drops a queued prompt that has not started.
func (c *Conversation) RemoveQueued(turnID string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for i, q := range c.queue {
		if q.id == turnID {
			c.queue = append(c.queue[:i:i], c.queue[i+1:]...)
			if len(c.queue) == 0 {
				c.paused = false
			}
			return nil
		}
	}
	return inputf("queue", "that prompt is not queued (it started or was removed)")
}

// startTurns runs next and what is queued behind it on their own
// goroutine; c.mu is held.
func (c *Conversation) startTurns(next queuedTurn) {
	c.running, c.idle = true, make(chan struct{})
	go c.runTurns(next)
}

// runTurns runs turn, then every prompt queued meanwhile, in order, until
// the queue is empty or Stop paused it.
func (c *Conversation) runTurns(next queuedTurn) {
	for {
		c.runTurn(next)
		c.mu.Lock()
		if len(c.queue) == 0 || c.paused {
			c.running, c.cancel, c.stream, c.live = false, nil, nil, nil
			close(c.idle)
			c.mu.Unlock()
			return
		}
		next, c.queue = c.queue[0], c.queue[1:]
		c.mu.Unlock()
	}
}

func (c *Conversation) runTurn(q queuedTurn) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c.mu.Lock()
	c.cancel, c.active = cancel, q.id
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.active = ""
		c.mu.Unlock()
	}()
	ctx, t, p := c.begin(ctx, q.id, q.prompt, q.files)
	release, err := c.waitSlot(ctx, t.stream)
	if err != nil { // stopped while it waited: nothing ran, nothing is stored
		t.stream.send(&Done{Stopped: true})
		return
	}
	defer release()
	if err := runStages(ctx, p, turnStages); err != nil {
		failTurn(t.stream, err)
		return
	}
	_, _ = t.Run(ctx, nil)
}
