package settings

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// FileName is the settings file inside the config directory.
const FileName = "settings.json"

// DefaultDir is os.UserConfigDir()/Hearth.
func DefaultDir() (string, error) {
	base, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("finding the config directory: %w", err)
	}
	return filepath.Join(base, "Hearth"), nil
}

// Store loads and saves settings.json. It keeps fields it does not know so a
// newer Hearth's settings survive a round trip through an older one.
type Store struct {
	path string
	now  func() time.Time

	mu      sync.Mutex
	current Settings
	unknown map[string]json.RawMessage
	warning string
}

// Open loads the settings in dir. A missing file gives defaults. A file that
// cannot be read or parsed is moved aside as settings.json.bad-<time>, the
// defaults are used and Warning says what happened: opening never fails on
// bad content, only on a directory it cannot use.
func Open(dir string) (*Store, error) {
	return open(dir, time.Now)
}

func open(dir string, now func() time.Time) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("creating the settings directory: %w", err)
	}
	s := &Store{path: filepath.Join(dir, FileName), now: now, current: Defaults()}
	data, err := os.ReadFile(s.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s, nil
	case err != nil:
		s.quarantine(fmt.Sprintf("could not be read (%v)", err))
		return s, nil
	}
	loaded, unknown, perr := parse(data)
	if perr != nil {
		s.quarantine(perr.Error())
		return s, nil
	}
	s.current, s.unknown = loaded, unknown
	return s, nil
}

func parse(data []byte) (Settings, map[string]json.RawMessage, error) {
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return Settings{}, nil, fmt.Errorf("is not valid JSON (%v)", err)
	}
	st := Defaults()
	if err := json.Unmarshal(data, &st); err != nil {
		return Settings{}, nil, fmt.Errorf("has a field of the wrong type (%v)", err)
	}
	if st.Version > SchemaVersion {
		return Settings{}, nil, fmt.Errorf("was written by a newer Hearth (schema %d, this one reads %d)", st.Version, SchemaVersion)
	}
	if st.Providers == nil {
		st.Providers = map[string]ProviderSettings{}
	}
	if err := st.Validate(); err != nil {
		return Settings{}, nil, fmt.Errorf("has an invalid value: %w", err)
	}
	for _, k := range knownKeys() {
		delete(raw, k)
	}
	st.Version = SchemaVersion
	return st, raw, nil
}

func knownKeys() []string {
	b, _ := json.Marshal(Defaults())
	var m map[string]json.RawMessage
	_ = json.Unmarshal(b, &m)
	keys := []string{"temperature", "models", "knowledgeFolders", "modelTitles", "recentWorkspaces"} // omitempty: absent from the defaults
	for k := range m {
		keys = append(keys, k)
	}
	return keys
}

func (s *Store) quarantine(reason string) {
	aside := fmt.Sprintf("%s.bad-%s", s.path, s.now().UTC().Format("20060102-150405"))
	if err := os.Rename(s.path, aside); err != nil {
		s.warning = fmt.Sprintf("settings.json %s and could not be moved aside (%v); using defaults, and your changes will not be saved over it", reason, err)
		s.path = "" // never overwrite a file we could not preserve
		return
	}
	s.warning = fmt.Sprintf("settings.json %s. It was moved to %s and defaults are in use.", reason, filepath.Base(aside))
}

// Warning is a problem found while loading, for the UI to show; "" if none.
func (s *Store) Warning() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.warning
}

// Path is the settings file's location.
func (s *Store) Path() string { return s.path }

// Get returns a copy of the current settings.
func (s *Store) Get() Settings {
	s.mu.Lock()
	defer s.mu.Unlock()
	return clone(s.current)
}

// Update applies fn to a copy of the settings, validates the result and saves
// it atomically. Nothing changes if fn, validation or the write fails.
func (s *Store) Update(fn func(*Settings) error) (Settings, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	next := clone(s.current)
	if err := fn(&next); err != nil {
		return s.current, err
	}
	next.Version = SchemaVersion
	if err := next.Validate(); err != nil {
		return s.current, err
	}
	if err := s.write(next); err != nil {
		return s.current, err
	}
	s.current = next
	return clone(next), nil
}

func (s *Store) write(st Settings) error {
	if s.path == "" {
		return errors.New("settings are not saved: the old settings file could not be moved aside")
	}
	out := map[string]json.RawMessage{}
	for k, v := range s.unknown {
		out[k] = v
	}
	b, err := json.Marshal(st)
	if err != nil {
		return fmt.Errorf("encoding settings: %w", err)
	}
	var known map[string]json.RawMessage
	if err := json.Unmarshal(b, &known); err != nil {
		return fmt.Errorf("encoding settings: %w", err)
	}
	for k, v := range known {
		out[k] = v
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding settings: %w", err)
	}
	return WriteFileAtomic(s.path, append(data, '\n'), 0o600)
}

// WriteFileAtomic writes data to a temp file in the same directory, syncs it
// and renames it over path, so a crash leaves either the old or the new file.
func WriteFileAtomic(path string, data []byte, perm fs.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return fmt.Errorf("saving %s: %w", filepath.Base(path), err)
	}
	name := tmp.Name()
	cleanup := func(e error) error {
		tmp.Close()
		os.Remove(name)
		return fmt.Errorf("saving %s: %w", filepath.Base(path), e)
	}
	if _, err := tmp.Write(data); err != nil {
		return cleanup(err)
	}
	if err := tmp.Chmod(perm); err != nil {
		return cleanup(err)
	}
	if err := tmp.Sync(); err != nil {
		return cleanup(err)
	}
	if err := tmp.Close(); err != nil {
		return cleanup(err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return fmt.Errorf("saving %s: %w", filepath.Base(path), err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		_ = d.Sync() // make the rename durable where the OS supports it
		d.Close()
	}
	return nil
}

func clone(s Settings) Settings {
	out := s
	out.Providers = make(map[string]ProviderSettings, len(s.Providers))
	for k, v := range s.Providers {
		out.Providers[k] = v
	}
	out.Custom = append([]CustomEndpoint(nil), s.Custom...)
	out.KnowledgeFolders = append([]KnowledgeFolder(nil), s.KnowledgeFolders...)
	out.Recent = append([]string(nil), s.Recent...)
	out.Check.Confirmed = append([]CheckConfirmed(nil), s.Check.Confirmed...)
	if s.Models != nil {
		out.Models = make(map[string]ModelOverride, len(s.Models))
		for k, v := range s.Models {
			out.Models[k] = v
		}
	}
	if s.Temperature != nil {
		t := *s.Temperature
		out.Temperature = &t
	}
	if s.ModelTitles != nil {
		v := *s.ModelTitles
		out.ModelTitles = &v
	}
	return out
}
