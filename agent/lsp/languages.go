package lsp

import (
	"io/fs"
	"path/filepath"
	"sync"
)

// maxScan bounds how many entries the look for the workspace's languages
// reads.
const maxScan = 5000

// skipDirs are never looked into for the workspace's languages.
var skipDirs = map[string]bool{".git": true, "node_modules": true, "vendor": true, "target": true, "build": true, "dist": true, ".venv": true}

// present is a language the workspace has files of, with one such file.
type present struct {
	*Language
	sample string
}

type langScan struct {
	once  sync.Once
	found []present
}

// Languages are the known languages the workspace has files of, found
// once per manager.
func (m *Manager) Languages() []present {
	m.scan.once.Do(func() {
		if m.opts.Workspace == "" {
			return
		}
		seen := map[string]bool{}
		n := 0
		_ = filepath.WalkDir(m.opts.Workspace, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if n++; n > maxScan {
				return filepath.SkipAll
			}
			if d.IsDir() {
				if p != m.opts.Workspace && (skipDirs[d.Name()] || d.Name()[0] == '.') {
					return filepath.SkipDir
				}
				return nil
			}
			if l, _ := languageOf(m.opts.Languages, p); l != nil && !seen[l.Name] {
				seen[l.Name] = true
				m.scan.found = append(m.scan.found, present{Language: l, sample: p})
			}
			return nil
		})
	})
	return m.scan.found
}

// Available says whether a server can be found for one of the
// workspace's languages, so the diagnostics and lsp tools are worth
// offering.
func (m *Manager) Available() bool {
	for _, l := range m.Languages() {
		if _, _, _, err := m.find(l.Language); err == nil {
			return true
		}
	}
	return false
}
