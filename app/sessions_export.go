package app

import (
	"bytes"
	"fmt"
	"time"

	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/wailsapp/wails/v2/pkg/runtime"
)

// ExportSession renders a conversation as Markdown ("md") or JSON with
// provider keys and every stored key redacted, its attachments embedded
// ("embed") or linked ("link", also ""). The result is returned to the UI,
// which offers it to copy or save.
func (a *Sessions) ExportSession(id, format, attachments string) (string, error) {
	if a.sessions() == nil {
		return "", invalidf("session", "sessions are not available")
	}
	f := session.ExportFormat(format)
	if f != session.FormatMarkdown && f != session.FormatJSON {
		return "", invalidf("format", "choose md or json")
	}
	mode := session.AttachmentMode(attachments)
	if attachments == "" {
		mode = session.LinkAttachments
	}
	if mode != session.EmbedAttachments && mode != session.LinkAttachments {
		return "", invalidf("attachments", "choose embed or link")
	}
	ctx, cancel := a.callCtx(20 * time.Second)
	defer cancel()
	t, err := a.sessions().Load(ctx, id)
	if err != nil {
		return "", invalidf("session", err.Error())
	}
	st := a.deps.Settings.Get()
	red := redact.New(a.deps.Secrets.Values(ctx, st.ProviderIDs())...)
	var buf bytes.Buffer
	if err := session.ExportWith(&buf, t, f, red, mode); err != nil {
		return "", err
	}
	return buf.String(), nil
}

// SaveSessionExport asks where to save a conversation's export (the OS
// dialog picks the path, never the page) and writes it there atomically.
func (a *Sessions) SaveSessionExport(id, format, attachments string) (string, error) {
	text, err := a.ExportSession(id, format, attachments)
	if err != nil {
		return "", err
	}
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	name := fmt.Sprintf("hearth-%s.%s", id, format)
	if s, err := a.sessions().Get(ctx, id); err == nil {
		name = session.ExportName(s, session.ExportFormat(format))
	}
	path, err := runtime.SaveFileDialog(a.runtimeCtx, runtime.SaveDialogOptions{
		Title: "Export conversation", DefaultFilename: name,
	})
	if err != nil || path == "" {
		return "", err
	}
	if err := settings.WriteFileAtomic(path, []byte(text), 0o600); err != nil {
		return "", err
	}
	return path, nil
}
