package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

const desktopEntryPath = "build/linux/hearth.desktop"

// readDesktopEntry returns the keys of the file's [Desktop Entry] group.
func readDesktopEntry(t *testing.T, path string) map[string]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	keys := map[string]string{}
	group := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "["):
			group = line
		case group == "[Desktop Entry]":
			k, v, ok := strings.Cut(line, "=")
			if !ok {
				t.Fatalf("%s: %q is not key=value", path, line)
			}
			keys[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return keys
}

// The launcher entry opens folders with Hearth ("Open with Hearth"): it
// passes one path to `hearth DIR` and declares directories as its type.
func TestDesktopEntryOpensFolders(t *testing.T) {
	keys := readDesktopEntry(t, desktopEntryPath)
	tests := []struct{ key, want string }{
		{"Type", "Application"},
		{"Exec", "hearth %f"},
		{"Terminal", "false"},
	}
	for _, tc := range tests {
		if got := keys[tc.key]; got != tc.want {
			t.Errorf("%s = %q, want %q", tc.key, got, tc.want)
		}
	}
	if types := strings.Split(keys["MimeType"], ";"); !slices.Contains(types, "inode/directory") {
		t.Errorf("MimeType = %q, want it to list inode/directory", keys["MimeType"])
	}
}

// desktop-file-validate (Debian's desktop-file-utils, installed by
// scripts/setup.sh) is the freedesktop.org reference checker; its hints
// count too (two main categories list the app twice in a menu).
func TestDesktopEntryValidates(t *testing.T) {
	tool, err := exec.LookPath("desktop-file-validate")
	if errors.Is(err, exec.ErrNotFound) {
		t.Skip("desktop-file-validate is not installed (scripts/setup.sh installs desktop-file-utils)")
	}
	if err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, desktopEntryPath).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Fatalf("desktop-file-validate %s: %v\n%s", desktopEntryPath, err, out)
	}
}
