package settings

import (
	"fmt"
	"path/filepath"
)

// Check is how the project check command runs after a turn that edited
// files, and which proposed commands the person confirmed.
type Check struct {
	// Off runs no check command, set or proposed.
	Off bool `json:"off,omitempty"`
	// Rounds is how many times a failing check sends the model back to
	// fix it (0: the default, 2; negative: none).
	Rounds int `json:"rounds,omitempty"`
	// Confirmed are the proposed commands the person agreed to, each for
	// one project folder.
	Confirmed []CheckConfirmed `json:"confirmed,omitempty"`
}

// CheckConfirmed is one proposed check command confirmed for a folder.
type CheckConfirmed struct {
	Dir     string `json:"dir"`
	Command string `json:"command"`
	// Folder names the folder confirmed (device and inode where the
	// system has them), so another folder at the same path, such as a
	// fresh clone whose own tsc or build scripts the check would run, is
	// asked about anew.
	Folder string `json:"folder,omitempty"`
}

// DefaultCheckRounds is how many fix rounds a failing check gets.
const DefaultCheckRounds = 2

// maxCheckRounds bounds the fix rounds one turn may take.
const maxCheckRounds = 10

// FixRounds is Rounds with its default, at most maxCheckRounds.
func (c Check) FixRounds() int {
	switch {
	case c.Rounds == 0:
		return DefaultCheckRounds
	case c.Rounds < 0:
		return 0
	}
	return min(c.Rounds, maxCheckRounds)
}

// WithFixRounds is c sending the model back n times (0: never).
func (c Check) WithFixRounds(n int) Check {
	c.Rounds = n
	if n == 0 {
		c.Rounds = -1 // 0 in the file means the default
	}
	return c
}

func (c Check) validate() error {
	if c.Rounds > maxCheckRounds {
		return &ValidationError{"check.rounds", fmt.Sprintf("must be at most %d", maxCheckRounds)}
	}
	return nil
}

// IsConfirmed says whether the person confirmed command for the folder
// at dir: the same path, the same folder there (a confirmation recorded
// before folders were named counts for none) and the very same command text.
func (c Check) IsConfirmed(dir, folder, command string) bool {
	dir = filepath.Clean(dir)
	for _, k := range c.Confirmed {
		if filepath.Clean(k.Dir) == dir && k.Folder == folder && k.Command == command {
			return true
		}
	}
	return false
}

// Confirm records command as confirmed for the folder at dir, once; it
// replaces what was confirmed for another folder at that path.
func (c *Check) Confirm(dir, folder, command string) {
	dir = filepath.Clean(dir)
	kept := c.Confirmed[:0]
	for _, k := range c.Confirmed {
		if filepath.Clean(k.Dir) != dir || k.Command != command {
			kept = append(kept, k)
		}
	}
	c.Confirmed = append(kept, CheckConfirmed{Dir: dir, Command: command, Folder: folder})
}
