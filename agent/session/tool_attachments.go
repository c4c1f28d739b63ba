package session

import (
	"context"
	"database/sql"
	"fmt"
)

// putBlobs stores the content of atts, redacts their text, and fills in
// their digests and sizes.
func (s *Store) putBlobs(atts []Attachment) error {
	for i := range atts {
		a := &atts[i]
		a.Text = s.opt.Redact(a.Text)
		if len(a.Data) == 0 {
			continue
		}
		sum, err := s.putBlob(a.Data)
		if err != nil {
			return fmt.Errorf("saving the attachment %s: %w", a.Name, err)
		}
		a.SHA256, a.Size = sum, len(a.Data)
	}
	return nil
}

// addToolAttachments stores a tool call's attachments on its step's row,
// numbered after whatever that row holds already.
func (s *Store) addToolAttachments(ctx context.Context, tx *sql.Tx, messageID int64, callID string, atts []Attachment) error {
	if len(atts) == 0 {
		return nil
	}
	var next int
	if err := s.queryRow(ctx, tx, stNextToolAttachment, messageID).Scan(&next); err != nil {
		return err
	}
	for i, a := range atts {
		if _, err := s.exec(ctx, tx, stInsertToolAttachment,
			messageID, next+i, callID, a.Kind, a.MediaType, a.Name, a.Text, a.SHA256, a.Size); err != nil {
			return err
		}
	}
	return nil
}

// attach puts a loaded attachment on the message, or on its tool call.
func (m *Message) attach(callID string, a Attachment) {
	if callID == "" {
		m.Attachments = append(m.Attachments, a)
		return
	}
	for i := range m.ToolCalls {
		if m.ToolCalls[i].CallID == callID {
			m.ToolCalls[i].Attachments = append(m.ToolCalls[i].Attachments, a)
			return
		}
	}
}
