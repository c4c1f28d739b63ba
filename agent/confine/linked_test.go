//go:build unix

package confine

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// secretOutside writes a file outside any workspace, as a key under the
// home would be, and returns its path.
func secretOutside(t *testing.T) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "id_ed25519")
	if err := os.WriteFile(p, []byte("-----BEGIN OPENSSH PRIVATE KEY-----"), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestOpenRegularNotLinkedOut(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "plain.txt"), []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(secretOutside(t), filepath.Join(dir, "diagram.png")); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	r, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	tests := []struct {
		path string
		opts []OpenOption
		want string // "" opens
	}{
		{"plain.txt", []OpenOption{NotLinkedOut}, ""},
		{"diagram.png", []OpenOption{NotLinkedOut}, "diagram.png is refused: it is a hard link (the file has 2 names"},
		{"diagram.png", nil, ""}, // callers that did not ask keep today's behaviour
	}
	for _, tt := range tests {
		f, _, err := r.OpenRegular(tt.path, tt.opts...)
		if err == nil {
			f.Close()
		}
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%s %v: %v", tt.path, tt.opts, err)
		case tt.want != "" && (!errors.Is(err, ErrLinkedOut) || !strings.HasPrefix(err.Error(), tt.want)):
			t.Errorf("%s %v: err = %v, want %q (ErrLinkedOut)", tt.path, tt.opts, err, tt.want)
		}
	}
}

// A file on another device than the workspace is refused; a real mount
// needs privileges, so the workspace's device is given as another.
func TestCheckNotLinkedOutDevice(t *testing.T) {
	p := secretOutside(t)
	f, fi, err := OpenRegularFile(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dev := uint64(fi.Sys().(*syscall.Stat_t).Dev)
	if err := CheckNotLinkedOut("key", f, fi, dev); err != nil {
		t.Errorf("same device: %v", err)
	}
	if err := CheckNotLinkedOut("key", f, fi, dev+1); !errors.Is(err, ErrLinkedOut) || !strings.Contains(err.Error(), "another device") {
		t.Errorf("other device: err = %v", err)
	}
}

func TestOpenAttachment(t *testing.T) {
	ws, _ := specialWorkspace(t) // pipe, sock, a.txt, link-to-pipe
	secret := secretOutside(t)
	elsewhere := t.TempDir()
	for name, target := range map[string]string{
		filepath.Join(ws, "key.png"):         secret,  // planted by a cloned folder
		filepath.Join(ws, "a-link.txt"):      "a.txt", // stays inside
		filepath.Join(elsewhere, "mine.txt"): secret,  // the person's own link
	} {
		if err := os.Symlink(target, name); err != nil {
			t.Fatal(err)
		}
	}
	hard := filepath.Join(ws, "hard.png")
	if err := os.Link(secretOutside(t), hard); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path string
		want error // nil opens
		msg  string
	}{
		{filepath.Join(ws, "a.txt"), nil, ""},
		{filepath.Join(ws, "a-link.txt"), nil, ""},
		{secret, nil, ""},
		{filepath.Join(elsewhere, "mine.txt"), nil, ""},
		{filepath.Join(ws, "pipe"), ErrNotRegular, "pipe is a named pipe (FIFO), not a regular file"},
		{filepath.Join(ws, "link-to-pipe"), ErrNotRegular, "link-to-pipe is a named pipe (FIFO), not a regular file"},
		{filepath.Join(ws, "sock"), ErrNotRegular, "sock is a socket, not a regular file"},
		{"/dev/null", ErrNotRegular, "/dev/null is a character device, not a regular file"},
		{filepath.Join(ws, "key.png"), ErrLinkedOut, "key.png is refused: it is a symbolic link that leads outside the workspace"},
		{hard, ErrLinkedOut, "hard.png is refused: it is a hard link"},
	}
	for _, tt := range tests {
		t.Run(filepath.Base(tt.path), func(t *testing.T) {
			within(t, func() {
				f, _, err := OpenAttachment(tt.path, ws)
				if err == nil {
					f.Close()
				}
				if !errors.Is(err, tt.want) || (tt.want != nil && !strings.Contains(err.Error(), tt.msg)) {
					t.Errorf("err = %v, want %v %q", err, tt.want, tt.msg)
				}
			})
		})
	}
}
