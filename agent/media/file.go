package media

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/llm"
)

// MaxTextBytes is the largest text file attached whole.
const MaxTextBytes = 1 << 20

// Attachment is a file made ready to send, with a line saying what it is.
type Attachment struct {
	Part        llm.Part
	Description string
}

// LimitsFor returns the image limits of a wire ("anthropic" or "openai").
func LimitsFor(wire string) Limits {
	if wire == "anthropic" {
		return Anthropic
	}
	return OpenAI
}

// ReadFile reads a bounded file (no more than MaxInputBytes) that a person
// named, refusing at once what confine.OpenAttachment refuses: special
// files, hard links, and a way out of the workspace dir.
func ReadFile(path, dir string) ([]byte, error) {
	f, st, err := confine.OpenAttachment(path, dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// A file known to be too big is refused before a byte of it is read.
	if st.Size() > MaxInputBytes {
		return nil, fmt.Errorf("%s: %w (the limit is %s)", path, ErrTooLarge, HumanSize(MaxInputBytes))
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxInputBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxInputBytes {
		return nil, fmt.Errorf("%s: %w (the limit is %s)", path, ErrTooLarge, HumanSize(MaxInputBytes))
	}
	return data, nil
}

// Prepare turns a file's bytes into an attachment for wire: an image part,
// a PDF document part, or the text of a text file.
func Prepare(name string, data []byte, wire string) (Attachment, error) {
	base := filepath.Base(name)
	switch mt := Sniff(data); {
	case mt == "application/pdf":
		if wire != "anthropic" {
			return PrepareDocumentText(data, base)
		}
		p, err := PrepareDocument(data, base)
		if err != nil {
			return Attachment{}, err
		}
		return Attachment{Part: p, Description: fmt.Sprintf("%s: PDF, %s", base, HumanSize(len(data)))}, nil
	case mt != "":
		im, err := PrepareImage(data, LimitsFor(wire))
		if err != nil {
			return Attachment{}, fmt.Errorf("%s: %w", base, err)
		}
		im.Part.Name = base
		return Attachment{Part: im.Part, Description: im.Describe(base, len(data))}, nil
	case isText(data):
		if len(data) > MaxTextBytes {
			return Attachment{}, fmt.Errorf("%s: text of %s: %w (the limit is %s)", base, HumanSize(len(data)), ErrTooLarge, HumanSize(MaxTextBytes))
		}
		text := fmt.Sprintf("Attached file %s:\n````\n%s\n````", base, data)
		return Attachment{Part: llm.Part{Kind: llm.PartText, Text: text, Name: base},
			Description: fmt.Sprintf("%s: text, %s", base, HumanSize(len(data)))}, nil
	}
	return Attachment{}, fmt.Errorf("%s: %w", base, ErrUnsupported)
}

// PrepareFile reads path, named by a person working in the workspace dir,
// and prepares it for wire.
func PrepareFile(path, dir, wire string) (Attachment, error) {
	data, err := ReadFile(path, dir)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return Attachment{}, fmt.Errorf("attachment %s: %w", path, pe.Err)
		}
		return Attachment{}, err
	}
	return Prepare(path, data, wire)
}

func isText(data []byte) bool {
	for _, b := range data[:min(len(data), 8192)] {
		if b == 0 {
			return false
		}
	}
	return utf8.Valid(data)
}
