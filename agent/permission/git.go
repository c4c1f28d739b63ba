package permission

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
)

// gitLogOpts are the options shared by log, show, diff, shortlog and
// rev-list that only choose what is shown. Left out on purpose: --output,
// --ext-diff, --textconv, --show-signature (runs gpg), -O (an order file),
// --no-index (compares any two files) and every abbreviation.
const gitLogOpts = "oneline graph decorate? no-decorate stat? shortstat numstat name-only name-status summary patch " +
	"no-patch raw abbrev-commit no-abbrev-commit all branches? tags? remotes? reverse first-parent merges no-merges " +
	"no-color color? color-words? word-diff? ignore-all-space ignore-space-change ignore-blank-lines cached staged " +
	"no-renames find-renames? find-copies? full-history follow date-order topo-order author-date-order left-right " +
	"cherry-pick boundary relative? ignore-submodules? no-ext-diff no-textconv patch-with-stat compact-summary " +
	"dirstat? minimal patience histogram check exit-code quiet full-index binary abbrev? no-prefix source " +
	"no-walk? date= pretty? format= since= until= after= before= author= committer= grep= max-count= skip= " +
	"diff-filter= unified= pickaxe-regex encoding= inter-hunk-context= regexp-ignore-case extended-regexp " +
	"fixed-strings invert-grep all-match simplify-by-decoration ancestry-path? count objects parents children " +
	"name-rev? stdin-less no-notes notes? mailmap no-mailmap use-mailmap ignore-cr-at-eol function-context"

const gitLogShort = "pusbwMCn:U:S:G:iEFz"

// gitSubcommands are git's read-only subcommands with the options each may
// be given; other subcommands, options or spellings ask.
var gitSubcommands = map[string]spec{
	"log":      opts(gitLogShort, gitLogOpts).with(numeric),
	"show":     opts(gitLogShort, gitLogOpts).with(numeric),
	"diff":     opts(gitLogShort, gitLogOpts).with(numeric),
	"rev-list": opts(gitLogShort, gitLogOpts).with(numeric),
	"shortlog": opts(gitLogShort+"ce", gitLogOpts+" numbered summary email committer group=").with(numeric),
	"status": opts("sbvzu:", "short branch porcelain? long untracked-files? ignored? ignore-submodules? null column? "+
		"no-column ahead-behind no-ahead-behind renames no-renames find-renames? show-stash verbose"),
	"blame": opts("L:ltpcsewMCnf", "porcelain line-porcelain show-email show-name show-number date= root abbrev= "+
		"incremental minimal first-parent color-lines color-by-age"),
	"ls-files": opts("cdmoiuksztvfx:", "cached deleted modified others ignored stage unmerged killed directory "+
		"no-empty-directory exclude= exclude-standard error-unmatch full-name recurse-submodules abbrev? debug eol format= sparse deduplicate"),
	"ls-tree": opts("rdtlz", "name-only name-status object-only full-name full-tree abbrev? long format="),
	"rev-parse": opts("q", "abbrev-ref? short? verify quiet show-toplevel show-prefix show-cdup git-dir absolute-git-dir "+
		"is-inside-work-tree is-inside-git-dir is-bare-repository is-shallow-repository symbolic symbolic-full-name all "+
		"branches? tags? remotes? git-common-dir show-object-format? show-ref-format sq not default="),
	"describe": opts("", "tags all long abbrev= always dirty? broken? match= exclude= contains first-parent exact-match candidates="),
	"cat-file": opts("tspe", "batch? batch-check? batch-all-objects buffer unordered allow-unknown-type use-mailmap"),
	"grep": opts("iIwvnhHlLcoqEFGPe:A:B:C:Wpz", "ignore-case word-regexp invert-match line-number count files-with-matches "+
		"name-only files-without-match only-matching quiet extended-regexp fixed-strings basic-regexp perl-regexp "+
		"and or not all-match threads= null color? no-color show-function function-context full-name untracked "+
		"cached recurse-submodules heading break column max-depth= after-context= before-context= context=").
		with(func(s *spec) { s.numeric, s.pos, s.patOpts = true, posPattern, "-e" }),
	// branch, tag and remote list only: any operand would create, rename or contact.
	"branch": opts("arvlq", "all remotes verbose list show-current merged no-merged contains no-contains sort= format= points-at= color? no-color").
		with(func(s *spec) { s.maxPos = -1 }),
	"tag":    opts("ln:", "list sort= format= contains no-contains merged no-merged points-at= color? no-color").with(func(s *spec) { s.maxPos = -1 }),
	"remote": opts("v", "verbose").with(func(s *spec) { s.maxPos = -1 }),
}

func numeric(s *spec) { s.numeric = true }

// gitGlobal are options before the subcommand that change nothing.
var gitGlobal = map[string]bool{"--no-pager": true, "-P": true, "--no-optional-locks": true, "--literal-pathspecs": true}

// gitReadOnly judges a git command line. Besides its options, the
// repository itself must be the workspace's own and name no program in its
// config: git runs programs the repository configures (core.fsmonitor,
// textconv and filter drivers, a pager) even for commands that only read.
func (j *judge) gitReadOnly(args []word) string {
	for len(args) > 0 && gitGlobal[args[0].s] {
		args = args[1:]
	}
	if len(args) == 0 {
		return "git without a subcommand"
	}
	sub := args[0].s
	if args[0].dynamic || strings.HasPrefix(sub, "-") {
		return "git global options (" + sub + ") are not vetted"
	}
	s, ok := gitSubcommands[sub]
	if !ok {
		return "git " + sub + " is not on the read-only list"
	}
	p, why := s.parse(args[1:])
	if why != "" {
		return "git " + sub + " " + why
	}
	if s.maxPos < 0 && len(p.positional) > 0 {
		return "git " + sub + " with operands can change the repository"
	}
	if why := j.gitRepository(); why != "" {
		return why
	}
	return j.paths(s.files(p))
}

// gitRepository checks the repository the workspace is in, once per line.
func (j *judge) gitRepository() string {
	if j.gitWhy == nil {
		why := repositoryRisk(j.env.Workspace)
		j.gitWhy = &why
	}
	return *j.gitWhy
}

// repositoryRisk returns why git may not run unasked in ws: the repository
// is not ws's own .git directory (a worktree or a parent repository reaches
// outside), or its config names programs or includes other files.
func repositoryRisk(ws string) string {
	fi, err := os.Lstat(filepath.Join(ws, ".git"))
	switch {
	case err != nil:
		return "the workspace is not the top of a git repository, so git would read outside it"
	case !fi.IsDir():
		return "the workspace's .git is not a directory (a worktree or submodule keeps its data elsewhere)"
	}
	files := []string{filepath.Join(ws, ".git", "config"), filepath.Join(ws, ".git", "config.worktree")}
	// A submodule's commands run with its own config.
	mods, _ := filepath.Glob(filepath.Join(ws, ".git", "modules", "*", "config"))
	for _, f := range append(files, mods...) {
		if why := configRisk(f); why != "" {
			return why
		}
	}
	return ""
}

// configRisk scans one git config file for keys that run programs.
func configRisk(file string) string {
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	section := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "[") {
			end := strings.IndexByte(line, ']')
			if end < 0 {
				return "the repository's config could not be read"
			}
			name := strings.Fields(line[1:end] + " ")[0]
			name, _, _ = strings.Cut(strings.ToLower(strings.Trim(name, "\"")), ".")
			section = name
			if strings.HasPrefix(section, "include") {
				return "the repository's config includes other files"
			}
			line = strings.TrimSpace(line[end+1:])
		}
		key, _, _ := strings.Cut(line, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		if key == "" || key[0] == '#' || key[0] == ';' {
			continue
		}
		if programKey(section, key) {
			return "the repository's config names a program (" + section + "." + key + ")"
		}
	}
	return ""
}

// programKey reports config keys whose value git may run or that change
// where git looks for programs.
func programKey(section, key string) bool {
	switch section {
	case "core":
		switch key {
		case "fsmonitor", "pager", "editor", "sshcommand", "askpass", "hookspath", "gitproxy", "attributesfile", "worktree", "excludesfile":
			return true
		}
	case "diff", "merge", "filter", "pager", "alias", "credential", "gpg", "sequence", "uploadpack", "difftool", "mergetool", "interactive":
		return true
	case "color":
		return false
	}
	return strings.HasSuffix(key, "command") || strings.HasSuffix(key, "program") || key == "textconv" ||
		key == "uploadpack" || key == "receivepack" || key == "proxy"
}
