// Package skills provides Agent Skills as Claude Code documents them: a
// folder holding SKILL.md (front matter `name`, `description`) and any
// files it refers to, under .claude/skills, .agents/skills and
// .hearth/skills of the workspace (project) and of the user's home (user).
// The model is shown each skill's name and description only; the skill
// tool loads its body, and the other files of its folder, on demand.
// A project's skills come from agent/trust, which reads them with Parse
// and hands on the trusted ones.
package skills

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/hearth-agent/hearth/agent/confine"
	"go.yaml.in/yaml/v3"
)

// Dirs hold one skill per folder, relative to the workspace or the home.
var Dirs = []string{".claude/skills", ".agents/skills", ".hearth/skills"}

// FileName is the file that makes a folder a skill.
const FileName = "SKILL.md"

const maxSkillBytes = 256 << 10

// Skill is one skill as listed to the model.
type Skill struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Scope       string `json:"scope"` // user or project
	Dir         string `json:"dir"`   // the skill's folder, absolute
	Enabled     bool   `json:"enabled"`
}

// Sources says where skills come from and which are turned off.
type Sources struct {
	Home string
	// Project are the workspace's trusted skills, from agent/trust.
	Project []Skill
	Enabled func(name string) bool // nil: every skill is on
}

// Set is the skills found.
type Set struct {
	All []Skill
}

// Load finds the user's skills, then takes the project's; a project skill
// replaces a user one of the same name.
func Load(src Sources) (*Set, error) {
	s := &Set{}
	byName := map[string]int{}
	add := func(sk Skill) {
		sk.Enabled = src.Enabled == nil || src.Enabled(sk.Name)
		if i, ok := byName[sk.Name]; ok {
			s.All[i] = sk
			return
		}
		byName[sk.Name] = len(s.All)
		s.All = append(s.All, sk)
	}
	if src.Home != "" {
		for _, d := range Dirs {
			dir := filepath.Join(src.Home, filepath.FromSlash(d))
			ents, err := os.ReadDir(dir)
			if err != nil {
				continue
			}
			for _, e := range ents {
				sk, err := read(filepath.Join(dir, e.Name()))
				if err == nil {
					sk.Scope = "user"
					add(sk)
				}
			}
		}
	}
	for _, sk := range src.Project {
		add(sk)
	}
	slices.SortFunc(s.All, func(a, b Skill) int { return strings.Compare(a.Name, b.Name) })
	return s, nil
}

// Enabled are the skills offered to the model.
func (s *Set) Enabled() []Skill {
	if s == nil {
		return nil
	}
	var out []Skill
	for _, sk := range s.All {
		if sk.Enabled {
			out = append(out, sk)
		}
	}
	return out
}

// read describes the skill in dir from its SKILL.md's front matter.
func read(dir string) (Skill, error) {
	b, err := readIn(dir, FileName)
	if err != nil {
		return Skill{}, err
	}
	sk, err := Parse(filepath.Base(dir), b)
	sk.Dir = dir
	return sk, err
}

// Parse describes a skill from its SKILL.md; folder names it when the
// front matter does not.
func Parse(folder string, b []byte) (Skill, error) {
	_, fm, err := splitSkill(b)
	if err != nil {
		return Skill{}, err
	}
	name := fm.Name
	if name == "" {
		name = folder
	}
	if fm.Description == "" {
		return Skill{}, fmt.Errorf("%s: no description in its front matter", FileName)
	}
	return Skill{Name: name, Description: strings.Join(strings.Fields(fm.Description), " ")}, nil
}

type frontMatter struct {
	Name        string `yaml:"name"`
	Description string `yaml:"description"`
}

// readSkillFile reads dir's SKILL.md through a root on dir (so a link
// cannot lead out of the folder) and returns its body and front matter.
func readSkillFile(dir string) (string, frontMatter, error) {
	b, err := readIn(dir, FileName)
	if err != nil {
		return "", frontMatter{}, err
	}
	return splitSkill(b)
}

// splitSkill parses a SKILL.md into its body and front matter.
func splitSkill(b []byte) (string, frontMatter, error) {
	var fm frontMatter
	text := strings.ReplaceAll(string(b), "\r\n", "\n")
	rest, ok := strings.CutPrefix(text, "---\n")
	if !ok {
		return strings.TrimSpace(text), fm, nil
	}
	block, after, found := strings.Cut(rest, "\n---")
	if !found {
		return "", fm, fmt.Errorf("%s: front matter is never closed", FileName)
	}
	if err := yaml.Unmarshal([]byte(block), &fm); err != nil {
		return "", fm, fmt.Errorf("%s: front matter: %w", FileName, err)
	}
	_, body, _ := strings.Cut(after, "\n")
	return strings.TrimSpace(body), fm, nil
}

// readIn reads rel inside dir, confined to it and only as a regular file.
func readIn(dir, rel string) ([]byte, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	clean := path.Clean(filepath.ToSlash(rel))
	if clean == "." || strings.HasPrefix(clean, "../") || path.IsAbs(clean) {
		return nil, fmt.Errorf("%s is outside the skill's folder", rel)
	}
	f, fi, err := confine.OpenRegularIn(root, clean)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: no such file in the skill's folder", rel)
		}
		return nil, err
	}
	defer f.Close()
	if fi.Size() > maxSkillBytes {
		return nil, fmt.Errorf("%s is over %d KB", rel, maxSkillBytes>>10)
	}
	b := make([]byte, fi.Size())
	n, err := f.ReadAt(b, 0)
	if err != nil && n < len(b) {
		return nil, err
	}
	return b[:n], nil
}

// files lists the other files of a skill's folder, slash-separated.
func files(dir string) []string {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil
	}
	defer root.Close()
	var out []string
	_ = fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || p == FileName || len(out) >= 200 {
			return nil
		}
		out = append(out, p)
		return nil
	})
	return out
}
