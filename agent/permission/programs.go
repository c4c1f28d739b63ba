package permission

// checksum is shared by the *sum programs; --check reads file names from a
// file, which could name anything, so it is not listed.
var checksum = opts("btzw", "binary text zero tag quiet status strict warn ignore-missing")

// grepSpec leaves out -R/--dereference-recursive (following every symlink
// while recursing) and --exclude-from lists; -r follows only links named on
// the command line, which are checked like every other path.
var grepSpec = opts("EFGPe:f@iyvwxcLlm:obHhnTZzA:B:C:aIrUsqD:d:",
	"extended-regexp fixed-strings basic-regexp perl-regexp regexp= file@ ignore-case no-ignore-case "+
		"invert-match word-regexp line-regexp count color? colour? files-with-matches files-without-match "+
		"max-count= only-matching quiet silent no-messages byte-offset with-filename no-filename label= "+
		"line-number initial-tab null null-data after-context= before-context= context= text binary-files= "+
		"devices= directories= exclude= exclude-dir= include= line-buffered recursive help version").
	with(func(s *spec) { s.pos, s.numeric, s.patOpts = posPattern, true, "-e -f --regexp --file" })

// readOnlyPrograms is the vetted list of programs that only read, each with
// every option it may be given; any other option asks. Options that write,
// run programs, follow symlinks while recursing or read lists of file names
// are left out on purpose.
var readOnlyPrograms = map[string]spec{
	"ls": opts("aAbBcCdfFgGhHiklmnNopqQrRsStuUvxXZ1I:T:w:",
		"all almost-all author escape block-size= ignore-backups color? directory dired classify? file-type "+
			"format= full-time group-directories-first no-group human-readable si dereference-command-line "+
			"dereference-command-line-symlink-to-dir hide= hyperlink? indicator-style= inode ignore= kibibytes "+
			"literal numeric-uid-gid hide-control-chars show-control-chars quote-name quoting-style= reverse "+
			"recursive size sort= time= time-style= tabsize= width= context zero help version"),
	"cat": opts("AbeEnstTuv", "show-all number-nonblank show-ends number squeeze-blank show-tabs show-nonprinting help version"),
	"head": opts("c:n:qvz", "bytes= lines= quiet silent verbose zero-terminated help version").
		with(func(s *spec) { s.numeric = true }),
	"tail": opts("c:n:fFqvzs:", "bytes= lines= follow? retry pid= sleep-interval= quiet silent verbose "+
		"zero-terminated max-unchanged-stats= help version").with(func(s *spec) { s.numeric = true }),
	"wc":  opts("cmlLw", "bytes chars lines max-line-length words total= help version"),
	"nl":  opts("b:d:f:h:i:l:n:ps:v:w:", "body-numbering= section-delimiter= footer-numbering= header-numbering= line-increment= join-blank-lines= number-format= no-renumber number-separator= starting-line-number= number-width= help version"),
	"tac": opts("brs:", "before regex separator= help version"),
	"rev": opts("0", "zero help version"),
	"od":  opts("A:j:N:t:vw:abcdfilosx", "address-radix= skip-bytes= read-bytes= format= output-duplicates width? endian= traditional help version"),
	"strings": opts("afdn:t:e:ws:", "all data print-file-name bytes= radix= encoding= include-all-whitespace output-separator= help version").
		with(func(s *spec) { s.atFiles = true }),
	"file": opts("bce:F:hiklLNnprsv0", "brief checking-printout exclude= exclude-quiet= separator= no-dereference mime "+
		"mime-type mime-encoding keep-going list dereference no-pad preserve-date raw special-files extension apple print0 help version"),
	"stat": opts("LfFc:t", "dereference file-system format= printf= terse cached= help version"),
	"du": opts("abchkmsxl0HPSd:t:B:", "all apparent-size block-size= bytes total dereference-args human-readable inodes "+
		"count-links max-depth= null no-dereference separate-dirs si summarize threshold= time? time-style= exclude= one-file-system help version"),
	"df":  opts("ahHiklPTt:x:B:", "all block-size= human-readable si inodes local output? portability print-type type= exclude-type= total sync no-sync help version"),
	"cut": opts("b:c:d:f:nsz", "bytes= characters= delimiter= fields= complement only-delimited output-delimiter= zero-terminated help version"),
	"tr":  opts("cCdst", "complement delete squeeze-repeats truncate-set1 help version").with(func(s *spec) { s.pos = posNone }),
	"diff": opts("qscC:uU:enyW:ltTNabwBEZiI:x:pF:d",
		"brief report-identical-files context? unified? ed normal side-by-side width= left-column suppress-common-lines "+
			"expand-tabs initial-tab new-file unidirectional-new-file text ignore-space-change ignore-all-space "+
			"ignore-blank-lines ignore-case ignore-tab-expansion ignore-trailing-space ignore-matching-lines= exclude= "+
			"show-c-function show-function-line= minimal speed-large-files strip-trailing-cr color? palette= label= "+
			"from-file@ to-file@ no-dereference tabsize= suppress-blank-empty horizon-lines= "+
			"old-line-format= new-line-format= unchanged-line-format= line-format= old-group-format= new-group-format= "+
			"unchanged-group-format= changed-group-format= help version"),
	"cmp":      opts("bi:ln:s", "print-bytes ignore-initial= verbose bytes= quiet silent help version"),
	"comm":     opts("123z", "check-order nocheck-order output-delimiter= total zero-terminated help version"),
	"grep":     grepSpec,
	"egrep":    grepSpec,
	"fgrep":    grepSpec,
	"readlink": opts("femnqsvz", "canonicalize canonicalize-existing canonicalize-missing no-newline quiet silent verbose zero help version"),
	"realpath": opts("emLPqsz", "canonicalize-existing canonicalize-missing logical physical quiet strip no-symlinks zero relative-to@ relative-base@ help version"),
	"md5sum":   checksum, "sha1sum": checksum, "sha224sum": checksum, "sha256sum": checksum, "sha384sum": checksum,
	"sha512sum": checksum, "b2sum": checksum, "cksum": opts("a:l:", "algorithm= length= raw tag untagged base64 help version"),
	"column": opts("ts:o:c:xnd", "table separator= output-separator= output-width= fillrows table-noheadings help version"),
	"expand": opts("it:", "initial tabs= help version"),
	"fold":   opts("bsw:", "bytes spaces width= help version"),
	"paste":  opts("d:sz", "delimiters= serial zero-terminated help version"),
	"jq": opts("rjacnesSCMRL@f@",
		"raw-output raw-output0 join-output ascii-output compact-output null-input exit-status slurp sort-keys "+
			"color-output monochrome-output tab indent= unbuffered seq stream stream-errors raw-input from-file@ "+
			"arg& argjson& slurpfile% rawfile% args jsonargs help version").
		with(func(s *spec) { s.pos, s.patOpts = posPattern, "-f --from-file" }),
	"sort": opts("bdfgiMhnRrVcCmsuzk:t:S:",
		"ignore-leading-blanks dictionary-order ignore-case general-numeric-sort ignore-nonprinting month-sort "+
			"human-numeric-sort numeric-sort random-sort reverse sort= version-sort check? merge stable unique "+
			"zero-terminated key= field-separator= buffer-size= parallel= debug help version"),
	// uniq's second positional is its output file.
	"uniq": opts("cdDf:is:uw:z", "count repeated all-repeated? skip-fields= ignore-case skip-chars= unique zero-terminated check-chars= group? help version").
		with(func(s *spec) { s.maxPos = 1 }),
	// tree -o writes, -l follows links, --fromfile reads names from a file.
	"tree": opts("adfiqNQpugshDFvtcUrCnASL:P:I:",
		"noreport dirsfirst filelimit= charset= prune du si inodes device gitignore matchdirs ignore-case timefmt= sort= help version"),
	"rg": opts("iSswxvnNclo0FUPaqHhpuEMe:f@g:t:T:A:B:C:m:d:r:j:",
		"ignore-case smart-case case-sensitive word-regexp line-regexp invert-match line-number no-line-number count "+
			"count-matches files-with-matches files-without-match only-matching null fixed-strings multiline "+
			"multiline-dotall pcre2 text quiet with-filename no-filename pretty heading no-heading hidden no-ignore "+
			"no-ignore-vcs no-ignore-parent no-ignore-dot no-ignore-global no-ignore-exclude no-ignore-files "+
			"regexp= file@ glob= iglob= type= type-not= type-list after-context= before-context= context= "+
			"max-count= max-depth= max-filesize= max-columns= max-columns-preview replace= threads= json vimgrep "+
			"files sort= sortr= stats trim column color= colors= encoding= engine= binary passthru "+
			"context-separator= field-match-separator= path-separator= include-zero ignore-file@ no-config "+
			"no-messages mmap no-mmap one-file-system crlf null-data line-buffered block-buffered help version").
		with(func(s *spec) { s.pos, s.patOpts = posPattern, "-e -f --regexp --file --files --type-list" }),
	"pwd":      opts("LP", "help version"),
	"cd":       opts("LPe", ""),
	"pushd":    opts("n", ""),
	"popd":     opts("n", ""),
	"echo":     spec{noDash: true, pos: posNone},
	"true":     spec{noDash: true, pos: posNone},
	"false":    spec{noDash: true, pos: posNone},
	"printf":   spec{noDash: true, pos: posNone}, // -v is refused before parsing
	"basename": opts("as:z", "multiple suffix= zero help version").with(func(s *spec) { s.pos = posNone }),
	"dirname":  opts("z", "zero help version").with(func(s *spec) { s.pos = posNone }),
	"which":    opts("as", "").with(func(s *spec) { s.pos = posNone }),
	"type":     opts("afptP", "").with(func(s *spec) { s.pos = posNone }),
	"uname":    opts("asnrvmpio", "all kernel-name nodename kernel-release kernel-version machine processor hardware-platform operating-system help version"),
	"whoami":   opts("", "help version"),
	"id":       opts("ugGnrza", "user group groups name real zero help version").with(func(s *spec) { s.pos = posNone }),
	"seq":      opts("f:s:w", "format= separator= equal-width help version").with(func(s *spec) { s.pos, s.numeric = posNone, true }),
	"sleep":    opts("", "help version").with(func(s *spec) { s.pos = posNone }),
	"printenv": opts("0", "null help version").with(func(s *spec) { s.pos = posNone }),
	"hostname": opts("fsdiIAa", "fqdn long short domain ip-address all-ip-addresses all-fqdns alias help version").
		with(func(s *spec) { s.maxPos = -1 }),
	// date's positional is a format (+...) or, without +, sets the clock.
	"date": opts("d:f@I:Rur@", "date= file@ iso-8601? rfc-3339= rfc-email reference@ utc universal debug help version").
		with(func(s *spec) { s.pos = posNone }),
	"git": {}, // judged by gitReadOnly
	"go":  {}, // judged by goReadOnly
}

// builtins run inside bash itself: no program is executed for them.
var builtins = map[string]bool{
	"echo": true, "printf": true, "pwd": true, "cd": true, "pushd": true, "popd": true, "true": true,
	"false": true, "type": true, "command": true, "builtin": true, "exec": true, "time": true,
}

// readOnly returns "" when the program is on the vetted list with options
// spelled as listed and every file it reads inside the workspace, else why
// the call must ask.
func (j *judge) readOnly(name string, args []word, argsDynamic bool) string {
	switch name {
	case "git":
		return j.gitReadOnly(args)
	case "go":
		return goReadOnly(args)
	case "printf":
		if len(args) > 0 && (args[0].dynamic || args[0].s == "-v") {
			return "printf -v assigns a shell variable"
		}
	}
	s, ok := readOnlyPrograms[name]
	if !ok {
		return name + " is not on the read-only list"
	}
	if argsDynamic && s.pos != posNone {
		return name + " gets arguments computed at run time"
	}
	p, why := s.parse(args)
	if why != "" {
		return why
	}
	if name == "date" {
		for _, a := range p.positional {
			if a.dynamic || len(a.s) == 0 || a.s[0] != '+' {
				return "date with an argument that is not +FORMAT sets the clock"
			}
		}
	}
	if s.maxPos != 0 && len(p.positional) > max(s.maxPos, 0) {
		return name + " is given more operands than it reads (one may be written)"
	}
	if name == "cd" || name == "pushd" {
		return j.paths(p.positional)
	}
	return j.paths(s.files(p))
}

// paths asks for any file argument that may name something outside the
// workspace, through "..", symlinks, the home directory or a cd.
func (j *judge) paths(files []word) string {
	for _, a := range files {
		if a.dynamic {
			return "an argument is computed at run time: " + a.s
		}
		if a.s == "/dev/null" || a.s == "" || a.s == "-" {
			continue
		}
		if j.outside(a) {
			return "reads " + a.s + ", which may be outside the workspace"
		}
	}
	return ""
}

func goReadOnly(args []word) string {
	if len(args) == 0 {
		return "go without a subcommand"
	}
	switch args[0].s {
	case "version":
		if len(args) == 1 {
			return ""
		}
	case "env":
		p, why := opts("", "json changed").parse(args[1:])
		if why == "" && len(p.paths) == 0 {
			return ""
		}
	}
	// go list and go doc load packages, which can run code (-toolexec, cgo).
	return "go " + args[0].s + " is not on the read-only list with these arguments"
}
