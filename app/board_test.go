package app

import (
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/hearth-agent/hearth/agent/conversation"
)

// Conversations report on their own goroutines: the last view the window
// is sent must be the board's latest, never an earlier one that reached
// the emitter after it (the sidebar would show a finished conversation
// as running for good).
func TestBoardViewsReachTheWindowInOrder(t *testing.T) {
	for round := range 100 {
		if last := raceBoard(); len(last) != 4 {
			t.Fatalf("round %d: last view sent %+v, want four conversations", round, last)
		} else {
			for _, s := range last {
				if s.State != StateDone {
					t.Fatalf("round %d: the window was last told %s is %s; every conversation had finished", round, s.ID, s.State)
				}
			}
		}
	}
}

// raceBoard has four conversations start and finish turns at once and
// returns the last view the window was sent.
func raceBoard() []ConversationState {
	a := &App{title: func(string) {}, urgent: func(bool) {}}
	var mu sync.Mutex
	var last []ConversationState
	a.emit = func(name string, data any) {
		runtime.Gosched() // widens the window between computing a view and sending it
		if v, ok := data.([]ConversationState); ok {
			mu.Lock()
			last = v
			mu.Unlock()
		}
	}
	var wg sync.WaitGroup
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := sink{a: a, conv: fmt.Sprintf("c%d", g)}
			for range 20 {
				if a.board.observe(s.conv, &conversation.TurnStarted{}) {
					a.boardChanged()
				}
				if a.board.observe(s.conv, &conversation.Done{}) {
					a.boardChanged()
				}
			}
		}()
	}
	wg.Wait()
	mu.Lock()
	defer mu.Unlock()
	return last
}
