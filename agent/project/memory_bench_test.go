package project

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/internal/eventually"
)

// heapInUse is the bytes of live heap objects after a full collection.
func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkConversationMemory reports the Go heap each extra conversation
// of an open project holds: new, with a turn running (streaming, its
// reply held by the scripted provider), and idle after that turn. The
// process's libraries and the webview are shared by all conversations,
// so the heap is what one more costs.
func BenchmarkConversationMemory(b *testing.B) {
	const n = 8
	for range b.N {
		g := newGated()
		p := parallelProject(b, g, "ask", n)
		converse(b, p) // the one every window has
		base := heapInUse()
		convs := make([]*conversation.Conversation, n)
		sinks := make([]*collected, n)
		for i := range convs {
			convs[i], sinks[i] = converse(b, p)
		}
		idle := heapInUse()
		turns := make([]string, n)
		for i, c := range convs {
			key := fmt.Sprintf("run %d", i)
			g.script(key, textReply("streaming", " more"))
			g.hold(key)
			turns[i] = send(b, c, key)
			eventually.True(b, key+" to reach the model", func() bool { return g.requests(key) > 0 })
		}
		running := heapInUse()
		for i := range convs {
			g.release(fmt.Sprintf("run %d", i))
			doneOf(b, sinks[i], turns[i])
		}
		after := heapInUse()
		b.ReportMetric(float64(int64(idle)-int64(base))/n/(1<<10), "KB/new-conversation")
		b.ReportMetric(float64(int64(running)-int64(idle))/n/(1<<10), "KB/running-turn")
		b.ReportMetric(float64(int64(after)-int64(base))/n/(1<<10), "KB/idle-after-a-turn")
		p.Close()
	}
}
