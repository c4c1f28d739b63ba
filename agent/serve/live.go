package serve

import (
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
)

// liveSessions keeps the conversations of recent requests in memory, by
// session id, so a request that continues one (X-Hearth-Session) finds
// its full history, client tool calls included, without reloading it.
// One request at a time holds a conversation.
type liveSessions struct {
	mu   sync.Mutex
	max  int
	byID map[string]*liveConv
	// drop lets go of a conversation no longer held (the project's Forget).
	drop func(*conversation.Conversation)
}

type liveConv struct {
	conv *conversation.Conversation
	busy bool
	used time.Time
}

func newLiveSessions(max int, drop func(*conversation.Conversation)) *liveSessions {
	return &liveSessions{max: max, byID: map[string]*liveConv{}, drop: drop}
}

// take claims session id's conversation; found is false when it is not
// held, busy true when another request has it.
func (l *liveSessions) take(id string) (conv *conversation.Conversation, found, busy bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lc, ok := l.byID[id]
	switch {
	case !ok:
		return nil, false, false
	case lc.busy:
		return nil, true, true
	}
	lc.busy = true
	return lc.conv, true, false
}

// claim marks id as held by a request that is loading it, so a second
// request for the same session waits its turn (409) instead of loading
// it too; ok is false when it is held already.
func (l *liveSessions) claim(id string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if _, ok := l.byID[id]; ok {
		return false
	}
	l.byID[id] = &liveConv{busy: true, used: time.Now()}
	return true
}

// put gives conv back under id (and drops it under was, when a new
// session was named), forgetting the longest unused beyond the bound.
func (l *liveSessions) put(was, id string, conv *conversation.Conversation) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if lc, ok := l.byID[was]; ok && was != "" && was != id {
		delete(l.byID, was)
		if lc.conv != nil && lc.conv != conv {
			l.drop(lc.conv)
		}
	}
	if id == "" || conv == nil {
		if conv != nil {
			l.drop(conv)
		}
		return
	}
	l.byID[id] = &liveConv{conv: conv, used: time.Now()}
	for len(l.byID) > l.max {
		var oldest string
		for k, v := range l.byID {
			if !v.busy && (oldest == "" || v.used.Before(l.byID[oldest].used)) {
				oldest = k
			}
		}
		if oldest == "" {
			return
		}
		if c := l.byID[oldest].conv; c != nil {
			l.drop(c)
		}
		delete(l.byID, oldest)
	}
}

// release drops a claim that loaded nothing.
func (l *liveSessions) release(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if lc, ok := l.byID[id]; ok && lc.conv == nil {
		delete(l.byID, id)
	} else if ok {
		lc.busy = false
	}
}
