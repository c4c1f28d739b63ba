package session

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Attachment is one part of a user message beyond its text: an image, a
// document (PDF) or an attached text file. Data is stored once per content,
// in a file named by its SHA-256 under attachments/ beside the database.
type Attachment struct {
	Kind      string `json:"kind"` // image, document, text
	MediaType string `json:"media_type,omitempty"`
	Name      string `json:"name,omitempty"`
	Text      string `json:"text,omitempty"`
	SHA256    string `json:"sha256,omitempty"`
	Size      int    `json:"size,omitempty"`
	// Data is the content, loaded with the transcript; nil when its file is gone.
	Data []byte `json:"-"`
	// Path is the stored file, set when loaded (for exports that link it).
	Path string `json:"-"`
}

// blobGrace keeps a new blob from collection while the message naming it commits.
const blobGrace = time.Hour

func (s *Store) blobDir() string { return filepath.Join(filepath.Dir(s.path), "attachments") }

func (s *Store) blobPath(sum string) string { return filepath.Join(s.blobDir(), sum[:2], sum) }

// putBlob stores data under its digest unless it is there already.
func (s *Store) putBlob(data []byte) (string, error) {
	h := sha256.Sum256(data)
	sum := hex.EncodeToString(h[:])
	p := s.blobPath(sum)
	if _, err := os.Stat(p); err == nil {
		now := time.Now()
		_ = os.Chtimes(p, now, now) // fresh again, so collection leaves it while its row commits
		return sum, nil
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return "", err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return "", err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		os.Remove(tmp.Name())
		return "", err
	}
	return sum, nil
}

// AddUserMessageWith is AddUserMessage with attachments.
func (s *Store) AddUserMessageWith(ctx context.Context, sessionID, text string, atts []Attachment) (Message, error) {
	return s.AddPrompt(ctx, sessionID, Prompt{Text: text, Attachments: atts})
}

// Prompt is a user message to store: Text is what the model is sent; Typed
// and Origin are Message's.
type Prompt struct {
	Text, Typed, Origin string
	Attachments         []Attachment
}

// AddPrompt stores a user message with its attachments, as typed and from
// whom. A message the person did not send never titles the session.
func (s *Store) AddPrompt(ctx context.Context, sessionID string, p Prompt) (Message, error) {
	extras, err := s.promptExtras(ctx, &p)
	if err != nil {
		return Message{}, err
	}
	m, err := s.addUserMessage(ctx, sessionID, p.Text, p.Origin == "", extras)
	m.Typed, m.Origin = p.Typed, p.Origin
	return m, err
}

// promptExtras stores p's attachment files and redacts p.Typed, and returns
// what writes the rest of p beside its message, in the message's
// transaction.
func (s *Store) promptExtras(ctx context.Context, p *Prompt) (func(tx *sql.Tx, id int64) error, error) {
	atts := p.Attachments
	if err := s.putBlobs(atts); err != nil {
		return nil, err
	}
	p.Typed = s.opt.Redact(p.Typed)
	typed, origin := p.Typed, p.Origin
	return func(tx *sql.Tx, id int64) error {
		if typed != "" || origin != "" {
			if _, err := s.exec(ctx, tx, stSetTypedOrigin, typed, origin, id); err != nil {
				return err
			}
		}
		for i, a := range atts {
			if _, err := s.exec(ctx, tx, stInsertAttachment,
				id, i, a.Kind, a.MediaType, a.Name, a.Text, a.SHA256, a.Size); err != nil {
				return err
			}
		}
		return nil
	}, nil
}

func (s *Store) loadAttachments(ctx context.Context, tx *sql.Tx, id string, msgs []Message) error {
	index := make(map[int64]int, len(msgs))
	for i, m := range msgs {
		index[m.ID] = i
	}
	rows, err := tx.QueryContext(ctx, `SELECT a.message_id, a.call_id, a.kind, a.media_type, a.name, a.text, a.sha256, a.size
		FROM attachments a JOIN messages m ON m.id = a.message_id
		WHERE m.session_id = ? AND m.hidden = 0 ORDER BY m.seq, a.ord`, id)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var a Attachment
		var msgID int64
		var callID string
		if err := rows.Scan(&msgID, &callID, &a.Kind, &a.MediaType, &a.Name, &a.Text, &a.SHA256, &a.Size); err != nil {
			return err
		}
		if a.SHA256 != "" {
			a.Path = s.blobPath(a.SHA256)
			a.Data, _ = os.ReadFile(a.Path) // a lost file leaves Data nil, said so in history
		}
		if i, ok := index[msgID]; ok {
			msgs[i].attach(callID, a)
		}
	}
	return rows.Err()
}

// collectBlobs removes the attachment files no stored message names any
// more (their conversations were purged), except ones written just now.
func (s *Store) collectBlobs(ctx context.Context) error {
	rows, err := s.r.QueryContext(ctx, "SELECT DISTINCT sha256 FROM attachments WHERE sha256 != ''")
	if err != nil {
		return err
	}
	keep := map[string]bool{}
	for rows.Next() {
		var sum string
		if err := rows.Scan(&sum); err != nil {
			rows.Close()
			return err
		}
		keep[sum] = true
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	cutoff := time.Now().Add(-blobGrace)
	err = filepath.WalkDir(s.blobDir(), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || keep[d.Name()] {
			return nil
		}
		if info, err := d.Info(); err == nil && info.ModTime().Before(cutoff) {
			os.Remove(p)
		}
		return nil
	})
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// copyAttachments copies the attachment rows of a fork's messages (the blobs are shared).
func copyAttachments(ctx context.Context, tx *sql.Tx, from, to string, throughSeq int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO attachments (message_id, ord, call_id, kind, media_type, name, text, sha256, size)
		SELECT nm.id, a.ord, a.call_id, a.kind, a.media_type, a.name, a.text, a.sha256, a.size
		FROM attachments a
		JOIN messages om ON om.id = a.message_id AND om.session_id = ? AND om.seq <= ? AND om.hidden = 0
		JOIN messages nm ON nm.session_id = ? AND nm.seq = om.seq`, from, throughSeq, to)
	return err
}

// ErrNoAttachment says a session names no attachment with that digest, or its file is gone.
var ErrNoAttachment = errors.New("no such attachment in this conversation")

// AttachmentData returns the media type and bytes of the attachment with
// digest sum on a message of sessionID, so a transcript can show it again.
func (s *Store) AttachmentData(ctx context.Context, sessionID, sum string) (string, []byte, error) {
	if _, err := hex.DecodeString(sum); err != nil || len(sum) != 2*sha256.Size {
		return "", nil, ErrNoAttachment
	}
	var mediaType string
	err := s.r.QueryRowContext(ctx, `SELECT a.media_type FROM attachments a JOIN messages m ON m.id = a.message_id
		WHERE m.session_id = ? AND a.sha256 = ? LIMIT 1`, sessionID, sum).Scan(&mediaType)
	if errors.Is(err, sql.ErrNoRows) {
		return "", nil, ErrNoAttachment
	}
	if err != nil {
		return "", nil, err
	}
	data, err := os.ReadFile(s.blobPath(sum))
	if errors.Is(err, fs.ErrNotExist) {
		return "", nil, ErrNoAttachment
	}
	return mediaType, data, err
}
