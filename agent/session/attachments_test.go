package session

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func blobFiles(t *testing.T, s *Store) []string {
	t.Helper()
	var files []string
	filepath.WalkDir(s.blobDir(), func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	return files
}

func TestAttachmentsStoredOnceAndDeletedWithTheirConversation(t *testing.T) {
	ctx := context.Background()
	s, c := openClocked(t)
	img := []byte("\x89PNG the same picture")
	att := func() []Attachment {
		return []Attachment{{Kind: "image", MediaType: "image/png", Name: "shot.png", Data: img},
			{Kind: "text", Name: "notes.txt", Text: "Attached file notes.txt"}}
	}
	keep := mustCreate(t, s, "/ws")
	if _, err := s.AddUserMessageWith(ctx, keep.ID, "look", att()); err != nil {
		t.Fatal(err)
	}
	gone := mustCreate(t, s, "/ws")
	if _, err := s.AddUserMessageWith(ctx, gone.ID, "look again", att()); err != nil {
		t.Fatal(err)
	}
	if f := blobFiles(t, s); len(f) != 1 {
		t.Fatalf("blob files %v: the same content must be stored once", f)
	}
	tr := mustLoad(t, s, keep.ID)
	got := tr.Messages[0].Attachments
	if len(got) != 2 || !bytes.Equal(got[0].Data, img) || got[0].Size != len(img) || got[1].Text != "Attached file notes.txt" || got[1].Data != nil {
		t.Fatalf("loaded %+v", got)
	}
	fork, err := s.Fork(ctx, keep.ID, tr.Messages[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if a := mustLoad(t, s, fork.ID).Messages[0].Attachments; len(a) != 2 || !bytes.Equal(a[0].Data, img) {
		t.Fatalf("fork's attachments %+v", a)
	}

	// Another picture only in the deleted conversation goes with it.
	only := []Attachment{{Kind: "image", MediaType: "image/png", Name: "b.png", Data: []byte("\x89PNG only here")}}
	if _, err := s.AddUserMessageWith(ctx, gone.ID, "and this", only); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-2 * blobGrace)
	for _, f := range blobFiles(t, s) {
		os.Chtimes(f, old, old)
	}
	if err := s.Delete(ctx, gone.ID); err != nil {
		t.Fatal(err)
	}
	c.advance(time.Hour)
	if n, err := s.Purge(ctx); n != 1 || err != nil {
		t.Fatalf("Purge = %d, %v", n, err)
	}
	if f := blobFiles(t, s); len(f) != 1 {
		t.Errorf("blob files after purge %v: want only the shared picture", f)
	}
	if a := mustLoad(t, s, keep.ID).Messages[0].Attachments; !bytes.Equal(a[0].Data, img) {
		t.Error("the kept conversation lost its picture")
	}
}

func TestAttachmentDataOnlyForItsConversation(t *testing.T) {
	ctx := context.Background()
	s, _ := openClocked(t)
	img := []byte("\x89PNG shown again")
	mine := mustCreate(t, s, "/ws")
	other := mustCreate(t, s, "/ws")
	if _, err := s.AddUserMessageWith(ctx, mine.ID, "look", []Attachment{{Kind: "image", MediaType: "image/png", Name: "shot.png", Data: img}}); err != nil {
		t.Fatal(err)
	}
	sum := mustLoad(t, s, mine.ID).Messages[0].Attachments[0].SHA256
	mt, data, err := s.AttachmentData(ctx, mine.ID, sum)
	if err != nil || mt != "image/png" || !bytes.Equal(data, img) {
		t.Fatalf("AttachmentData = %q, %q, %v", mt, data, err)
	}
	for name, c := range map[string][2]string{
		"another conversation": {other.ID, sum},
		"an unknown digest":    {mine.ID, strings.Repeat("ab", 32)},
		"a path":               {mine.ID, "../../sessions.db"},
	} {
		if _, _, err := s.AttachmentData(ctx, c[0], c[1]); !errors.Is(err, ErrNoAttachment) {
			t.Errorf("%s: %v, want ErrNoAttachment", name, err)
		}
	}
	if err := os.Remove(s.blobPath(sum)); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.AttachmentData(ctx, mine.ID, sum); !errors.Is(err, ErrNoAttachment) {
		t.Errorf("file gone: %v, want ErrNoAttachment", err)
	}
}
