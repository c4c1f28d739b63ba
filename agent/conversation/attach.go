package conversation

import (
	"context"
	"fmt"

	"github.com/hearth-agent/hearth/agent/media"
)

// File is an attachment as the person gave it.
type File struct {
	Name string
	Data []byte
}

// MaxFiles is the most attachments one prompt takes.
const MaxFiles = 20

// checkFiles refuses what can never be sent, before a turn starts.
func checkFiles(files []File) error {
	if len(files) > MaxFiles {
		return inputf("attachments", fmt.Sprintf("at most %d attachments go with one message, not %d", MaxFiles, len(files)))
	}
	for _, f := range files {
		switch {
		case len(f.Data) == 0:
			return inputf("attachments", f.Name+" is empty")
		case len(f.Data) > media.MaxInputBytes:
			return inputf("attachments", fmt.Sprintf("%s is %s, larger than the %s limit", f.Name, media.HumanSize(len(f.Data)), media.HumanSize(media.MaxInputBytes)))
		}
	}
	return nil
}

// attachFiles prepares files for the wire the turn's model speaks and adds
// them to its prompt.
func (t *Turn) attachFiles(files []File) error {
	if len(files) == 0 {
		return nil
	}
	if t.built == nil {
		return inputf("attachments", "attachments go with a message to the model, not with a command")
	}
	for _, f := range files {
		a, err := media.Prepare(f.Name, f.Data, string(t.built.Wire))
		if err != nil {
			return inputf("attachments", err.Error())
		}
		t.Attach(a.Part)
	}
	return nil
}

// stageAttachments adds the prompt's files, prepared for the model's wire.
func stageAttachments(_ context.Context, p *prep) error {
	return p.t.attachFiles(p.files)
}
