package mcp

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/hearth-agent/hearth/agent/tool"
)

// progressRoutes sends a server's progress notifications to the tool call
// that asked for them, by the token Hearth put on the call.
type progressRoutes struct {
	next   atomic.Uint64
	routes sync.Map // token string → func(string)
}

// open gives a call its token; done removes the route.
func (p *progressRoutes) open(ctx context.Context) (token string, done func()) {
	token = "hearth-" + strconv.FormatUint(p.next.Add(1), 10)
	p.routes.Store(token, func(line string) { tool.Progress(ctx, line) })
	return token, func() { p.routes.Delete(token) }
}

func (p *progressRoutes) report(n *sdk.ProgressNotificationParams) {
	key := fmt.Sprint(n.ProgressToken)
	fn, ok := p.routes.Load(key)
	if !ok {
		return
	}
	fn.(func(string))(formatProgress(n) + "\n")
}

func formatProgress(n *sdk.ProgressNotificationParams) string {
	s := "progress " + strconv.FormatFloat(n.Progress, 'f', -1, 64)
	if n.Total > 0 {
		s += "/" + strconv.FormatFloat(n.Total, 'f', -1, 64)
	}
	if n.Message != "" {
		s += ": " + n.Message
	}
	return s
}
