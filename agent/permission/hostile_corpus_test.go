package permission

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// hostileCorpus: forms a model steered by a hostile repository would try,
// run against fixtureEnv. Each must be judged at least as strictly as
// listed; the allowed ones show the judge is not simply refusing everything.
var hostileCorpus = []struct {
	line string
	want want
}{
	// Options that run programs, spelled out and abbreviated.
	{"sort --compress-program=sh a.txt", wantAsk}, {"sort --compress-prog=sh a.txt", wantAsk},
	{"sort --compress=sh a.txt", wantAsk}, {"sort --comp=sh a.txt", wantAsk}, {"sort --c=sh a.txt", wantAsk},
	{"git grep --open-files-in-pager=sh x", wantAsk}, {"git grep --open-files=sh x", wantAsk},
	{"git grep --open x", wantAsk}, {"git grep -O x", wantAsk}, {"git grep -Osh x", wantAsk},
	{"git diff --ext-diff", wantAsk}, {"git diff --ext", wantAsk}, {"git log --show-signature", wantAsk},
	{"git log --textconv -p", wantAsk}, {"git cat-file --textconv HEAD:a.txt", wantAsk},
	{"git cat-file --filters HEAD:a.txt", wantAsk}, {"git -c core.pager=sh log", wantAsk},
	{"git --exec-path=/tmp log", wantAsk}, {"git -C .. status", wantAsk}, {"git --git-dir=/x log", wantAsk},
	{"git --work-tree=/ status", wantAsk}, {"go list -toolexec=sh ./...", wantAsk},
	{"go list -toolexec sh ./...", wantAsk}, {"go list ./...", wantAsk}, {"go doc fmt", wantAsk},
	{"go env -w GOFLAGS=-toolexec=sh", wantAsk}, {"go env -u GOFLAGS", wantAsk}, {"go version -m ./bin", wantAsk},
	{"go vet ./...", wantAsk}, {"rg --pre=sh x", wantAsk}, {"rg --pre sh x", wantAsk}, {"rg --pr=sh x", wantAsk},
	{"rg --pre-glob '*' --pre sh x", wantAsk}, {"rg --search-zip x", wantAsk}, {"rg -z x", wantAsk},
	{"rg -nz x", wantAsk}, {"rg --hostname-bin=sh x", wantAsk}, {"rg --hostname=sh x", wantAsk},
	{"file -z a.txt", wantAsk}, {"file --uncompress a.txt", wantAsk}, {"file -C -m magic", wantAsk},
	{"file --compile", wantAsk}, {"strings @opts a.txt", wantAsk}, {"strings -T x a.txt", wantAsk},
	{"timeout 5 sort --compress-program=sh a.txt", wantAsk}, {"nice git grep -O x", wantAsk},
	{"xargs sort --compress-program=sh", wantAsk}, {"env -C / ls", wantAsk}, {"env -S 'ls -la' x", wantAlways},
	{"GIT_EXTERNAL_DIFF=sh git diff", wantAsk}, {"GIT_DIR=/x git log", wantAsk}, {"GIT_PAGER=sh git log", wantAsk},
	{"ls --col", wantAsk}, {"cat --show-a a.txt", wantAsk}, {"grep --inv x a.txt", wantAsk},
	{"head --lin=3 a.txt", wantAsk}, {"git log --one", wantAsk}, {"git status --short=x", wantAsk},

	// Options that write or take files.
	{"sort --output=out a.txt", wantAsk}, {"sort --outp=out a.txt", wantAsk}, {"sort --out=out a.txt", wantAsk},
	{"sort --o=out a.txt", wantAsk}, {"sort -oout a.txt", wantAsk}, {"sort -ro out a.txt", wantAsk},
	{"sort --files0-from=/etc/passwd", wantAsk}, {"sort --files0=list", wantAsk}, {"sort -T /tmp a.txt", wantAsk},
	{"sort --temporary-directory=/tmp a.txt", wantAsk}, {"sort --random-source=/etc/shadow -R a.txt", wantAsk},
	{"wc --files0-from=/etc/passwd", wantAsk}, {"wc --files0=list", wantAsk}, {"du --files0-from=list", wantAsk},
	{"du -L .", wantAsk}, {"du --dereference .", wantAsk}, {"du --exclude-from=/etc/shadow .", wantAsk},
	{"du -X /etc/shadow .", wantAsk}, {"file -f /etc/passwd", wantAsk}, {"file -m /etc/shadow a.txt", wantAsk},
	{"date -f /etc/shadow", wantAsk}, {"date --file=/etc/shadow", wantAsk}, {"date --fi=/etc/shadow", wantAsk},
	{"date -r /etc/shadow", wantAsk}, {"date --reference=" + "~/.ssh/id_rsa", wantAsk}, {"date 010100002030", wantAsk},
	{"date -s 2020-01-01", wantAsk}, {"date --set=2020-01-01", wantAsk}, {"date --se=2020-01-01", wantAsk},
	{"tree -o out", wantAsk}, {"tree --output=out", wantAsk}, {"tree -l", wantAsk}, {"tree --fromfile list", wantAsk},
	{"tree -R -H x -o out", wantAsk}, {"uniq a.txt out.txt", wantAsk}, {"uniq -c a.txt b.txt", wantAsk},
	{"jq -f /etc/passwd .", wantAsk}, {"jq --from-file /etc/passwd", wantAsk},
	{"jq --rawfile k /etc/passwd -n '$k'", wantAsk}, {"jq --slurpfile k ~/.ssh/id_rsa -n '$k'", wantAsk},
	{"jq -L / -n 'import \"etc/passwd\" as x; x'", wantAsk}, {"jq -L/ -n .", wantAsk}, {"jq . /etc/passwd", wantAsk},
	{"md5sum -c sums", wantAsk}, {"sha256sum --check sums", wantAsk}, {"sha256sum --che sums", wantAsk},
	{"diff -r a.txt sub", wantAsk}, {"diff --recursive src sub", wantAsk}, {"diff --from-file=/etc/passwd a.txt", wantAsk},
	{"diff --to-file=" + "~/.ssh/id_rsa a.txt", wantAsk}, {"diff a.txt /etc/passwd", wantAsk},
	{"cmp a.txt /etc/shadow", wantAsk}, {"comm a.txt /etc/passwd", wantAsk}, {"realpath --relative-to=/etc a.txt", wantAsk},
	{"grep -f /etc/passwd a.txt", wantAsk}, {"grep --file=/etc/shadow a.txt", wantAsk}, {"grep -f ~/.ssh/id_rsa a.txt", wantAsk},
	{"grep --exclude-from=/etc/passwd x .", wantAsk}, {"grep -R x .", wantAsk}, {"grep --dereference-recursive x .", wantAsk},
	{"grep --deref x .", wantAsk}, {"grep -rR x .", wantAsk}, {"grep -r x ~", wantAsk}, {"grep x /etc/passwd", wantAsk},
	{"rg --ignore-file /etc/passwd x", wantAsk}, {"rg -f /etc/passwd", wantAsk}, {"rg -L x", wantAsk},
	{"rg --follow x", wantAsk}, {"rg --fol x", wantAsk}, {"rg x linkdir", wantAsk}, {"rg x /", wantAsk},
	{"git blame --contents /etc/passwd a.txt", wantAsk}, {"git blame -S /etc/revs a.txt", wantAsk},
	{"git blame --ignore-revs-file /etc/x a.txt", wantAsk}, {"git ls-files -X /etc/passwd", wantAsk},
	{"git ls-files --exclude-from=/etc/passwd", wantAsk}, {"git log --output=/tmp/x", wantAsk},
	{"git log --out=/tmp/x", wantAsk}, {"git show --output=x HEAD", wantAsk}, {"git diff --no-index /etc/passwd a.txt", wantAsk},
	{"git diff -O/etc/passwd", wantAsk}, {"git log -- ../secret", wantAsk}, {"git branch evil", wantAsk},
	{"git tag v2", wantAsk}, {"git remote add x https://x.test", wantAsk}, {"git remote show origin", wantAsk},
	{"git reflog expire --all", wantAsk}, {"git status --porcelain --output=x", wantAsk},
	{"find . -newer /etc/passwd", wantAsk}, {"find . -samefile ~/.ssh/id_rsa", wantAsk}, {"find . -fprint out", wantAsk},
	{"find . -fls out", wantAsk}, {"find . -files0-from list", wantAsk}, {"find linkdir -name x", wantAsk},
	{"find -L . -name x", wantAsk}, {"find . -follow", wantAsk}, {"find . -anewer d/key", wantAsk},
	{"hostname -F /etc/hostname", wantAsk}, {"hostname evil", wantAsk}, {"printf -v x y", wantAsk},
	{"stat ../x", wantAsk}, {"cat ~root/.bashrc", wantAsk}, {"echo hi | tee out", wantAsk},
	{"cat /proc/self/environ", wantAsk}, {"head -c 10 /dev/sda", wantAsk}, {"cat < /dev/tcp/10.0.0.1/80", wantAsk},
	{"seq -f '%g' -w 1 3 > out", wantAsk},

	// cd chains and symlinks, including links whose last part does not exist.
	{"cat d/key", wantAsk}, {"cat dangling", wantAsk}, {"cat d/../../outside/secret", wantAsk},
	{"cat linkdir/../secret", wantAsk}, {"cat linkdir/x", wantAsk}, {"ls linkdir", wantAsk}, {"ls linkdir/", wantAsk},
	{"ls -R linkdir", wantAsk}, {"ls sub/up", wantAsk}, {"cat sub/up/secret", wantAsk},
	{"cat sub/deep/hop/outside/secret", wantAsk}, {"cat sub/deep/hop/home/u/proj/../../../outside/secret", wantAsk},
	{"cd src && cat ../../secret", wantAsk}, {"cd sub && cat up/secret", wantAsk},
	{"cd sub/deep && cat hop/outside/secret", wantAsk}, {"cd sub; cd deep; cat hop/outside/secret", wantAsk},
	{"cd linkdir && cat secret", wantAsk}, {"cd d && cat key", wantAsk}, {"(cd sub); cat up/secret", wantAsk},
	{"cd sub && cat ../a.txt", wantAsk}, {"cd src; cd ..; cat ../x", wantAsk}, {"cd sub && ls up", wantAsk},
	{"pushd sub && cat up/secret", wantAsk}, {"cd -P sub && cat up/secret", wantAsk}, {"cd $D && cat x", wantAsk},
	{"cd inside/../linkdir && ls", wantAsk}, {"cat inside/../../../outside/secret", wantAsk},
	{"wc -l d/*", wantAsk}, {"cat */key", wantAsk}, {"head sub/*/hop/outside/secret", wantAsk},

	// Writes into .git or .hearth through links and cd: always ask.
	{"echo x > hooks/pre-commit", wantAlways}, {"echo x > inside/../.git/config", wantAlways},
	{"echo x > ./.git/x", wantAlways}, {"cd src && echo x > ../.git/hooks/post-checkout", wantAlways},
	{"cd .git && echo x > hooks/pre-commit", wantAlways}, {"echo x >> .hearth/permissions.json", wantAlways},
	{"echo x > dangling", wantAsk}, {"rm -rf hooks/", wantAlways}, {"cat a.txt > .Git/HEAD", wantAlways},

	// Still read-only: the judge must not simply refuse everything.
	{"sort -k2 a.txt", wantAllow}, {"sort --key=2 -t, a.txt", wantAllow}, {"sort -rn a.txt | head -5", wantAllow},
	{"ls --color=always src", wantAllow}, {"tail --follow=name -n 5 a.txt", wantAllow}, {"head -5 a.txt", wantAllow},
	{"grep -3 -n x a.txt", wantAllow}, {"grep -rn --include='*.go' TODO .", wantAllow}, {"grep -e x -e y a.txt b.txt", wantAllow},
	{"rg -n --glob '*.go' main src", wantAllow}, {"rg --files", wantAllow}, {"git log -p -3 -- src", wantAllow},
	{"git log --pretty=format:%H --stat", wantAllow}, {"git diff --stat HEAD~1", wantAllow},
	{"git status --porcelain=v1", wantAllow}, {"git --no-pager log -1", wantAllow}, {"git grep -n TODO", wantAllow},
	{"git show HEAD:README.md", wantAllow}, {"git ls-files -z", wantAllow}, {"git rev-parse --show-toplevel", wantAllow},
	{"git blame -L 1,5 main.go", wantAllow}, {"git branch -a", wantAllow}, {"git tag -l", wantAllow},
	{"go env GOPATH GOOS", wantAllow}, {"go version", wantAllow}, {"find . -name '*.go' -type f -print", wantAllow},
	{"find src -maxdepth 2 -newer go.mod", wantAllow}, {"cd src && ls", wantAllow}, {"cd inside && cat x.go", wantAllow},
	{"cd sub/deep && ls", wantAllow}, {"jq -r .name go.mod", wantAllow}, {"jq --arg k v -n '$k'", wantAllow},
	{"od -An -tx1 a.txt", wantAllow}, {"which -a ls", wantAllow}, {"seq 1 10", wantAllow}, {"id -un", wantAllow},
	{"date +%s", wantAllow}, {"date -u -d @0 +%F", wantAllow}, {"printf '%s\\n' x", wantAllow},
	{"stat -c %s go.mod", wantAllow}, {"du -sh src", wantAllow}, {"diff a.txt b.txt", wantAllow},
	{"sha256sum a.txt", wantAllow}, {"wc -l -- a.txt", wantAllow}, {"file a.txt", wantAllow}, {"tree -L 2 src", wantAllow},
	{"realpath src", wantAllow}, {"ls -la ./inside/", wantAllow}, {"cat inside/x.go", wantAllow},
}

func TestHostileCorpus(t *testing.T) {
	env := fixtureEnv(t)
	wrong := 0
	for _, tt := range hostileCorpus {
		line := strings.ReplaceAll(tt.line, "/home/u", env.Home)
		got := judged(JudgeShell(line, env))
		if got < tt.want {
			wrong++
			t.Errorf("%q judged %v, want at least %v", line, got, tt.want)
		} else if got != tt.want {
			t.Errorf("%q judged %v, want %v (stricter than needed)", line, got, tt.want)
		}
	}
	t.Logf("hostile corpus: %d forms, %d wrong auto-approvals", len(hostileCorpus), wrong)
}

func judged(v ShellVerdict) want {
	switch {
	case v.AlwaysAsk:
		return wantAlways
	case v.ReadOnly():
		return wantAllow
	}
	return wantAsk
}

// TestAbbreviationsAsk: GNU getopt and git accept any unambiguous prefix of
// a long option, so every prefix of every listed option that is not itself
// listed must ask, for every read-only program and git subcommand.
func TestAbbreviationsAsk(t *testing.T) {
	env := fixtureEnv(t)
	type prog struct {
		prefix string
		s      spec
	}
	var progs []prog
	for name, s := range readOnlyPrograms {
		if len(s.long) > 0 {
			progs = append(progs, prog{name, s})
		}
	}
	for sub, s := range gitSubcommands {
		progs = append(progs, prog{"git " + sub, s})
	}
	sort.Slice(progs, func(i, j int) bool { return progs[i].prefix < progs[j].prefix })
	forms, wrong := 0, 0
	for _, p := range progs {
		for opt := range p.s.long {
			for n := 1; n < len(opt); n++ {
				abbr := opt[:n]
				if _, listed := p.s.long[abbr]; listed {
					continue
				}
				for _, line := range []string{p.prefix + " --" + abbr + " a.txt", p.prefix + " --" + abbr + "=x a.txt"} {
					forms++
					if JudgeShell(line, env).ReadOnly() {
						wrong++
						t.Errorf("%q is read-only, but --%s abbreviates --%s", line, abbr, opt)
					}
				}
			}
		}
	}
	if forms < 1000 {
		t.Fatalf("only %d abbreviation forms generated", forms)
	}
	t.Logf("abbreviations: %d forms over %d programs, %d wrong auto-approvals", forms, len(progs), wrong)
}

// TestGitRepositoryPrograms: git runs programs the repository's own config
// names, so read-only git asks in such a repository, and wherever the
// repository is not the workspace's own.
func TestGitRepositoryPrograms(t *testing.T) {
	tests := []struct {
		name, config string
		gitFile      bool // .git is a file pointing elsewhere
		parent       bool // the workspace is a folder inside the repository
		readOnly     bool
	}{
		{"clean config", "[core]\n\tbare = false\n[user]\n\tname = x\n", false, false, true},
		{"fsmonitor", "[core]\n\tfsmonitor = ./evil.sh\n", false, false, false},
		{"fsmonitor one line", "[core] fsmonitor = ./evil.sh\n", false, false, false},
		{"pager", "[core]\n\tpager = ./evil.sh\n", false, false, false},
		{"textconv", "[diff \"json\"]\n\ttextconv = ./evil.sh\n", false, false, false},
		{"filter", "[filter \"lfs\"]\n\tsmudge = ./evil.sh %f\n", false, false, false},
		{"external diff", "[diff]\n\texternal = ./evil.sh\n", false, false, false},
		{"hooks path", "[core]\n\thooksPath = tools/hooks\n", false, false, false},
		{"include", "[include]\n\tpath = ../evil.cfg\n", false, false, false},
		{"includeIf", "[includeIf \"gitdir:/\"]\n\tpath = ../evil.cfg\n", false, false, false},
		{"ssh command", "[core]\n\tsshCommand = ./evil.sh\n", false, false, false},
		{"gpg program", "[gpg]\n\tprogram = ./evil.sh\n", false, false, false},
		{"alias", "[alias]\n\tst = !./evil.sh\n", false, false, false},
		{"old dotted section", "[diff.json]\n\ttextconv = ./evil.sh\n", false, false, false},
		{"git file", "", true, false, false},
		{"parent repository", "", false, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			ws := root
			if tt.parent {
				ws = filepath.Join(root, "pkg")
				if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.MkdirAll(ws, 0o755); err != nil {
					t.Fatal(err)
				}
			} else if tt.gitFile {
				if err := os.WriteFile(filepath.Join(ws, ".git"), []byte("gitdir: /elsewhere/.git\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				if err := os.MkdirAll(filepath.Join(ws, ".git"), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(ws, ".git", "config"), []byte(tt.config), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			env := ShellEnv{Workspace: ws, Home: t.TempDir()}
			for _, line := range []string{"git status", "git log -p", "git diff"} {
				if got := JudgeShell(line, env).ReadOnly(); got != tt.readOnly {
					t.Errorf("%q read-only = %v, want %v", line, got, tt.readOnly)
				}
			}
		})
	}
}

// TestProgramsFromTheWorkspaceAsk: a PATH entry inside the workspace (or a
// relative one) could make "ls" a program the repository ships.
func TestProgramsFromTheWorkspaceAsk(t *testing.T) {
	env := fixtureEnv(t)
	bin := filepath.Join(env.Workspace, "node_modules", ".bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(bin, "ls"), []byte("#!/bin/sh\ntouch /tmp/pwned\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path     string
		readOnly bool
	}{
		{"/usr/bin:/bin", true},
		{bin + ":/usr/bin:/bin", false},
		{".:/usr/bin:/bin", false},
		{":/usr/bin", false},
		{"/usr/bin:" + bin, true}, // the system ls comes first
	}
	for _, tt := range tests {
		env.Path = tt.path
		v := JudgeShell("ls", env)
		if v.ReadOnly() != tt.readOnly {
			t.Errorf("PATH=%s: ls read-only = %v, want %v (%+v)", tt.path, v.ReadOnly(), tt.readOnly, v)
		}
		if v.ReadOnly() && (len(v.Programs) != 1 || strings.HasPrefix(v.Programs[0], env.Workspace)) {
			t.Errorf("PATH=%s: programs %v", tt.path, v.Programs)
		}
	}
}
