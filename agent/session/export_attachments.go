package session

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

// AttachmentMode says how an export carries a prompt's attachments.
type AttachmentMode string

const (
	// EmbedAttachments puts each file's bytes in the export (base64), so it stands alone.
	EmbedAttachments AttachmentMode = "embed"
	// LinkAttachments points at each stored file, keeping the export small.
	LinkAttachments AttachmentMode = "link"
)

type exportAttachment struct {
	Attachment
	Data string `json:"data,omitempty"` // base64, when embedded
	Path string `json:"path,omitempty"` // the stored file, when linked
	Gone bool   `json:"missing,omitempty"`
}

// exportMessage is a message with its attachments, and its tool calls'
// attachments, as the export carries them.
type exportMessage struct {
	Message
	ToolCalls   []exportToolCall   `json:"tool_calls,omitempty"`
	Attachments []exportAttachment `json:"attachments,omitempty"`
}

type exportToolCall struct {
	ToolCall
	Attachments []exportAttachment `json:"attachments,omitempty"`
}

func newExportMessage(m Message, mode AttachmentMode) exportMessage {
	e := exportMessage{Message: m, Attachments: exportAttachments(m.Attachments, mode)}
	for _, c := range m.ToolCalls {
		e.ToolCalls = append(e.ToolCalls, exportToolCall{ToolCall: c, Attachments: exportAttachments(c.Attachments, mode)})
	}
	return e
}

func exportAttachments(atts []Attachment, mode AttachmentMode) []exportAttachment {
	if len(atts) == 0 {
		return nil
	}
	out := make([]exportAttachment, len(atts))
	for i, a := range atts {
		e := exportAttachment{Attachment: a}
		switch {
		case a.SHA256 == "":
		case a.Data == nil:
			e.Gone = true
		case mode == EmbedAttachments:
			e.Data = base64.StdEncoding.EncodeToString(a.Data)
		default:
			e.Path = a.Path
		}
		out[i] = e
	}
	return out
}

func fileURL(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// writeAttachments lists a message's images and documents in Markdown:
// images shown, documents as links; attached text files are in the prompt.
func writeAttachments(b *strings.Builder, atts []Attachment, mode AttachmentMode) {
	for _, a := range atts {
		if a.SHA256 == "" {
			continue
		}
		label := strings.NewReplacer("[", "(", "]", ")").Replace(a.Name)
		if a.Data == nil {
			fmt.Fprintf(b, "\n*%s (%s) is no longer stored*\n", label, a.MediaType)
			continue
		}
		target := fileURL(a.Path)
		if mode == EmbedAttachments {
			target = "data:" + a.MediaType + ";base64," + base64.StdEncoding.EncodeToString(a.Data)
		}
		bang := ""
		if a.Kind == "image" {
			bang = "!"
		}
		fmt.Fprintf(b, "\n%s[%s](<%s>)\n", bang, label, target)
	}
}
