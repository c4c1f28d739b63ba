// Package packaging builds Hearth's Linux packages (.deb, .rpm and Arch's
// .pkg.tar.zst) with nfpm, together with what a desktop expects beside the
// binary: the launcher entry, hicolor icons, AppStream metainfo, a man page
// and shell completions. The same inputs give the same package bytes.
package packaging

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/goreleaser/nfpm/v2"
	_ "github.com/goreleaser/nfpm/v2/arch" // registers the "archlinux" packager
	_ "github.com/goreleaser/nfpm/v2/deb"  // registers the "deb" packager
	"github.com/goreleaser/nfpm/v2/files"
	_ "github.com/goreleaser/nfpm/v2/rpm" // registers the "rpm" packager
)

// Formats are the nfpm packagers Build runs, in order.
var Formats = []string{"deb", "rpm", "archlinux"}

// Depends names the libraries the Wails window needs, per format.
var Depends = map[string][]string{
	// Debian 13 and Ubuntu 24.04 renamed GTK's package for 64-bit time.
	"deb":       {"libwebkit2gtk-4.1-0", "libgtk-3-0t64 | libgtk-3-0"},
	"rpm":       {"webkit2gtk4.1", "gtk3"},
	"archlinux": {"webkit2gtk-4.1", "gtk3"},
}

// AppID is the AppStream component id.
const AppID = "io.github.hearth_agent.Hearth"

// Spec is what goes into the packages.
type Spec struct {
	Binary     string    // the built hearth binary
	Desktop    string    // the .desktop launcher entry
	Icon       string    // a square PNG at least 512px wide
	Metainfo   string    // the AppStream metainfo XML
	Version    string    // as git describe prints it; see PackageVersion
	MTime      time.Time // every file's time and the build time (SOURCE_DATE_EPOCH)
	Arch       string    // GOARCH, e.g. amd64
	Help       HelpFunc  // the binary's help, for the man page and completions
	Maintainer string    // "Name <email>", as deb and rpm want it
}

// Build writes one package per format and a SHA256SUMS file into out and
// returns the packages' paths.
func Build(ctx context.Context, s Spec, out string) ([]string, error) {
	if s.MTime.IsZero() {
		return nil, errors.New("packaging: MTime must be set for a reproducible build")
	}
	stage, err := os.MkdirTemp("", "hearth-package-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(stage)
	contents, err := stageFiles(s, stage)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, err
	}
	var paths []string
	for _, format := range Formats {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		p, err := buildOne(s, format, contents, out)
		if err != nil {
			return nil, fmt.Errorf("packaging %s: %w", format, err)
		}
		paths = append(paths, p)
	}
	if err := writeSums(out, paths); err != nil {
		return nil, err
	}
	return paths, nil
}

// stageFiles writes the generated files into dir and returns the package
// contents, sorted by destination.
func stageFiles(s Spec, dir string) (files.Contents, error) {
	help, err := ReadHelp(s.Help)
	if err != nil {
		return nil, err
	}
	icon, err := os.ReadFile(s.Icon)
	if err != nil {
		return nil, err
	}
	icons, err := Icons(icon)
	if err != nil {
		return nil, err
	}
	man, err := gzipped(ManPage(help, s.Version, s.MTime))
	if err != nil {
		return nil, err
	}
	comp := MakeCompletions(help)
	generated := map[string][]byte{
		"/usr/share/man/man1/hearth.1.gz":                  man,
		"/usr/share/bash-completion/completions/hearth":    comp.Bash,
		"/usr/share/zsh/vendor-completions/_hearth":        comp.Zsh,
		"/usr/share/fish/vendor_completions.d/hearth.fish": comp.Fish,
	}
	for size, data := range icons {
		generated[fmt.Sprintf("/usr/share/icons/hicolor/%dx%d/apps/hearth.png", size, size)] = data
	}
	var contents files.Contents
	add := func(src, dst string, mode os.FileMode) {
		contents = append(contents, &files.Content{Source: src, Destination: dst,
			FileInfo: &files.ContentFileInfo{Owner: "root", Group: "root", Mode: mode, MTime: s.MTime}})
	}
	for dst, data := range generated {
		src := filepath.Join(dir, strings.ReplaceAll(strings.TrimPrefix(dst, "/"), "/", "_"))
		if err := os.WriteFile(src, data, 0o644); err != nil {
			return nil, err
		}
		add(src, dst, 0o644)
	}
	add(s.Binary, "/usr/bin/hearth", 0o755)
	add(s.Desktop, "/usr/share/applications/hearth.desktop", 0o644)
	add(s.Metainfo, "/usr/share/metainfo/"+AppID+".metainfo.xml", 0o644)
	slices.SortFunc(contents, func(a, b *files.Content) int { return strings.Compare(a.Destination, b.Destination) })
	return contents, nil
}

func buildOne(s Spec, format string, contents files.Contents, out string) (string, error) {
	info := &nfpm.Info{
		Name:          "hearth",
		Arch:          s.Arch,
		Platform:      "linux",
		Version:       PackageVersion(s.Version),
		VersionSchema: "none", // PackageVersion already made it one every format orders right
		Release:       "1",
		Section:       "devel",
		Priority:      "optional",
		Maintainer:    s.Maintainer,
		Description:   "Desktop AI agent for local projects\nChat with an AI agent that reads, searches and edits your project,\nruns the commands you approve in a sandbox, and shows every change.",
		Vendor:        "Hearth",
		Homepage:      "https://github.com/hearth-agent/hearth",
		License:       "MIT",
		MTime:         s.MTime,
		Overridables: nfpm.Overridables{
			Depends:   Depends[format],
			Contents:  slices.Clone(contents),
			Umask:     0o022,
			RPM:       nfpm.RPM{BuildHost: "hearth", Summary: "Desktop AI agent for local projects", Group: "Development/Tools"},
			ArchLinux: nfpm.ArchLinux{Packager: s.Maintainer},
		},
	}
	info = nfpm.WithDefaults(info)
	if err := nfpm.PrepareForPackager(info, format); err != nil {
		return "", err
	}
	pkg, err := nfpm.Get(format)
	if err != nil {
		return "", err
	}
	path := filepath.Join(out, pkg.ConventionalFileName(info))
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	info.Target = path
	if err := pkg.Package(info, f); err != nil {
		f.Close()
		os.Remove(path)
		return "", err
	}
	return path, f.Close()
}

var (
	describe   = regexp.MustCompile(`^v?(\d+\.\d+\.\d+)(?:-(\d+)-g([0-9a-f]+))?(-dirty)?$`)
	bareCommit = regexp.MustCompile(`^[0-9a-f]{4,40}$`)
	notVersion = regexp.MustCompile(`[^A-Za-z0-9.]+`)
)

// PackageVersion turns a git describe into a version every package manager
// orders right: v1.2.3 is 1.2.3; commits after a tag, a bare hash or a
// dirty tree sort after the tag and before the next one.
func PackageVersion(describeOut string) string {
	if m := describe.FindStringSubmatch(describeOut); m != nil {
		v, extra := m[1], []string{}
		if m[2] != "" {
			extra = append(extra, "git"+m[2], m[3])
		}
		if m[4] != "" {
			extra = append(extra, "dirty")
		}
		if len(extra) > 0 {
			v += "+" + strings.Join(extra, ".")
		}
		return v
	}
	commit, dirty := strings.CutSuffix(describeOut, "-dirty")
	if bareCommit.MatchString(commit) {
		v := "0.0.0+git." + commit
		if dirty {
			v += ".dirty"
		}
		return v
	}
	return "0.0.0+" + notVersion.ReplaceAllString(describeOut, ".")
}

func writeSums(out string, paths []string) error {
	var b strings.Builder
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	slices.Sort(names)
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(out, name))
		if err != nil {
			return err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), name)
	}
	return os.WriteFile(filepath.Join(out, "SHA256SUMS"), []byte(b.String()), 0o644)
}
