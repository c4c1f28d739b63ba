package app

import (
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/session"
)

// FileInput is a file the composer attaches: its name and its bytes in
// standard base64 (how JSON carries bytes across the bridge).
type FileInput struct {
	Name string `json:"name"`
	Data string `json:"data"`
}

// SendWith is Send with attached files (images, PDFs, text files), made
// ready for the model's provider when the turn runs and stored with the
// prompt.
func (a *Chat) SendWith(conv, prompt string, files []FileInput) (SendResult, error) {
	if prompt == "" && len(files) == 0 { // an image alone is a message
		return SendResult{}, invalidf("prompt", "the message is empty")
	}
	fs := make([]conversation.File, 0, len(files))
	for _, f := range files {
		data, err := base64.StdEncoding.DecodeString(f.Data)
		if err != nil {
			return SendResult{}, invalidf("attachments", fmt.Sprintf("%s: the file did not arrive whole (%v)", f.Name, err))
		}
		fs = append(fs, conversation.File{Name: f.Name, Data: data})
	}
	c, err := a.conversation(conv)
	if err != nil {
		return SendResult{}, err
	}
	id, queued, err := c.SendWith(prompt, fs)
	if err != nil {
		return SendResult{}, viewErr(err)
	}
	return SendResult{TurnID: id, Queued: queued}, nil
}

// AttachmentView is a stored attachment's content, as a data: URL an <img>
// or a preview can show.
type AttachmentView struct {
	MediaType string `json:"mediaType"`
	DataURL   string `json:"dataUrl"`
}

// StoredAttachment returns the stored attachment with SHA-256 digest sum of a
// message in conversation sessionID (never any other file).
func (a *Sessions) StoredAttachment(sessionID, sum string) (AttachmentView, error) {
	store := a.sessions()
	if store == nil {
		return AttachmentView{}, invalidf("session", "sessions are not available")
	}
	ctx, cancel := a.callCtx(10 * time.Second)
	defer cancel()
	mt, data, err := store.AttachmentData(ctx, sessionID, sum)
	if errors.Is(err, session.ErrNoAttachment) {
		return AttachmentView{}, invalidf("attachment", err.Error())
	}
	if err != nil {
		return AttachmentView{}, viewErr(err)
	}
	return AttachmentView{MediaType: mt, DataURL: "data:" + mt + ";base64," + base64.StdEncoding.EncodeToString(data)}, nil
}
