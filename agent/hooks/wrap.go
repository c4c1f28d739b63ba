package hooks

import (
	"context"
	"encoding/json"
	"strings"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
)

// Asker asks the person about a call a hook wants asked about; nil (a
// headless run) refuses it.
type Asker func(ctx context.Context, toolName, reason string) (bool, error)

// Session is what a session's tool hooks need besides the hooks.
type Session struct {
	ID        string
	Workspace string
	Report    func(Run) // sees every run as it ends
	Ask       Asker
}

// Wrap puts PreToolUse and PostToolUse hooks around each tool; with no
// tool hooks it returns ts unchanged.
func Wrap(ts []tool.Tool, s *Set, sess Session) []tool.Tool {
	if !s.Has(PreToolUse) && !s.Has(PostToolUse) {
		return ts
	}
	out := make([]tool.Tool, len(ts))
	for i, t := range ts {
		out[i] = &hooked{t: t, set: s, sess: sess}
	}
	return out
}

type hooked struct {
	t    tool.Tool
	set  *Set
	sess Session
}

func (h *hooked) Definition() tool.Definition { return h.t.Definition() }

// ReadOnly keeps the wrapped tool's parallelism.
func (h *hooked) ReadOnly() bool {
	if ro, ok := h.t.(interface{ ReadOnly() bool }); ok {
		return ro.ReadOnly()
	}
	switch h.t.Definition().Name {
	case "read_file", "list_dir", "grep", "glob", "search":
		return true
	}
	return false
}

// matches says whether a hook's matcher fits the call under its Claude
// Code name or Hearth's own.
func (h *hooked) fire(ctx context.Context, ev Event, in Input, hearthName string) Result {
	res := h.set.Fire(ctx, ev, in.ToolName, in, h.sess.Report)
	if hearthName != in.ToolName && len(h.set.matching(ev, in.ToolName)) == 0 {
		res = h.set.Fire(ctx, ev, hearthName, in, h.sess.Report)
	}
	return res
}

func (h *hooked) Run(ctx context.Context, args json.RawMessage) (string, error) {
	name := h.t.Definition().Name
	cn, input := ClaudeTool(h.sess.Workspace, name, args)
	in := Input{SessionID: h.sess.ID, Cwd: h.sess.Workspace, ToolName: cn, ToolInput: input}
	pre := h.fire(ctx, PreToolUse, in, name)
	if pre.Block {
		// The model reads the hook's reason; nothing ran.
		return "", &tool.DeniedError{Reason: "a PreToolUse hook blocked this call: " + pre.Reason}
	}
	if pre.Permission == "allow" {
		ctx = permission.WithHookAllow(ctx)
	}
	if pre.Permission == "ask" {
		ok := false
		var err error
		if h.sess.Ask != nil {
			ok, err = h.sess.Ask(ctx, name, "a hook asks to confirm this call")
		}
		if err != nil {
			return "", err
		}
		if !ok {
			return "", &tool.DeniedError{Reason: "a PreToolUse hook asked to confirm this call and it was not approved"}
		}
	}
	out, err := h.t.Run(ctx, args)
	if ctx.Err() != nil || !h.set.Has(PostToolUse) {
		return out, err
	}
	resp := map[string]any{"output": out, "success": err == nil}
	if err != nil {
		resp["error"] = err.Error()
	}
	var fp struct {
		FilePath string `json:"file_path"`
	}
	if json.Unmarshal(input, &fp) == nil && fp.FilePath != "" {
		resp["filePath"] = fp.FilePath
	}
	in.ToolResponse, _ = json.Marshal(resp)
	post := h.fire(ctx, PostToolUse, in, name)
	if len(post.Context) > 0 {
		out = strings.TrimRight(out, "\n") + "\n\n[PostToolUse hook] " + strings.Join(post.Context, "\n")
	}
	return out, err
}
