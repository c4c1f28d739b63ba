package permission

import (
	"strings"
)

// argKind says what follows an option.
type argKind int

const (
	flagArg  argKind = iota // takes no value
	valueArg                // takes a value that names no file
	pathArg                 // takes a file or directory the program reads
	optArg                  // long only: an optional value, given only as --opt=value
	pairArg                 // takes two values, the second a file (jq --rawfile NAME FILE)
	twoArg                  // takes two values naming no file (jq --arg NAME VALUE)
)

// posKind says what a program's positional arguments are.
type posKind int

const (
	posPaths   posKind = iota // every positional names a file
	posPattern                // the first is a pattern (unless given by option), the rest files
	posNone                   // none names a file
)

// spec is what is known of a read-only program's command line. Options are
// accepted only when spelled exactly as listed: GNU and git accept any
// unambiguous abbreviation of a long option, so a prefix could name an
// option that runs a program, and an unknown option is never guessed at.
type spec struct {
	short   map[byte]argKind
	long    map[string]argKind
	pos     posKind
	maxPos  int    // more positionals than this ask (uniq's output file); 0 means no limit
	numeric bool   // -NUM is a count (head -20, grep -3)
	patOpts string // options that supply the pattern, so every positional is a file
	atFiles bool   // @FILE reads options from a file (binutils)
	// noDash: options are not parsed (a builtin that prints its arguments).
	noDash bool
}

// opts builds a spec from compact option lists. short: each letter an
// option; a following ':' takes a value, '@' a file. long: space-separated
// names; a trailing '=' takes a value, '@' a file, '?' an optional =value,
// '%' a name and a file, '&' two values.
func opts(short, long string) spec {
	s := spec{short: map[byte]argKind{}, long: map[string]argKind{}}
	for i := 0; i < len(short); i++ {
		k := flagArg
		if i+1 < len(short) {
			switch short[i+1] {
			case ':':
				k = valueArg
			case '@':
				k = pathArg
			}
		}
		s.short[short[i]] = k
		if k != flagArg {
			i++
		}
	}
	for _, name := range strings.Fields(long) {
		k := flagArg
		switch name[len(name)-1] {
		case '=':
			k = valueArg
		case '@':
			k = pathArg
		case '?':
			k = optArg
		case '%':
			k = pairArg
		case '&':
			k = twoArg
		}
		if k != flagArg {
			name = name[:len(name)-1]
		}
		s.long[name] = k
	}
	return s
}

func (s spec) with(f func(*spec)) spec { f(&s); return s }

// parsedArgs is a command line split by a spec.
type parsedArgs struct {
	positional []word
	paths      []word // option values that name files
	seen       map[string]bool
}

// parse splits args by s; why is non-empty when an option is unknown,
// abbreviated, computed, or misused.
func (s spec) parse(args []word) (parsedArgs, string) {
	out := parsedArgs{seen: map[string]bool{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case s.noDash:
			out.positional = append(out.positional, a)
		case a.dynamic && strings.HasPrefix(a.s, "-"):
			return out, "an option is computed at run time: " + a.s
		case a.dynamic:
			out.positional = append(out.positional, a)
		case a.s == "--":
			out.positional = append(out.positional, args[i+1:]...)
			return out, ""
		case strings.HasPrefix(a.s, "--"):
			name, val, hasVal := strings.Cut(a.s[2:], "=")
			k, ok := s.long[name]
			if !ok {
				return out, "uses " + a.s + ", an option not on the vetted list (options must be spelled in full)"
			}
			out.seen["--"+name] = true
			switch {
			case k == flagArg && hasVal:
				return out, "gives a value to " + "--" + name + ", which takes none"
			case k == optArg || k == flagArg:
			case hasVal:
				if k == pathArg {
					out.paths = append(out.paths, word{s: val, glob: a.glob})
				} else if k == pairArg || k == twoArg {
					return out, "uses --" + name + "= with one value; it takes two"
				}
			default:
				n := 1
				if k == pairArg || k == twoArg {
					n = 2
				}
				if i+n >= len(args) {
					return out, "--" + name + " is missing its value"
				}
				for j := 1; j <= n; j++ {
					if args[i+j].dynamic {
						return out, "an option's value is computed at run time: " + args[i+j].s
					}
				}
				if k == pathArg || k == pairArg {
					out.paths = append(out.paths, args[i+n])
				}
				i += n
			}
		case strings.HasPrefix(a.s, "-") && len(a.s) > 1:
			if s.numeric && isDigits(a.s[1:]) {
				continue
			}
			next, why := s.cluster(a, args[i+1:], &out)
			if why != "" {
				return out, why
			}
			i += next
		default:
			if s.atFiles && strings.HasPrefix(a.s, "@") {
				return out, "reads options from the file " + a.s
			}
			out.positional = append(out.positional, a)
		}
	}
	return out, ""
}

// cluster parses a short-option cluster such as -rn or -n5; it returns how
// many following arguments it consumed.
func (s spec) cluster(a word, rest []word, out *parsedArgs) (int, string) {
	for j := 1; j < len(a.s); j++ {
		c := a.s[j]
		k, ok := s.short[c]
		if !ok {
			return 0, "uses -" + string(c) + " (in " + a.s + "), an option not on the vetted list"
		}
		out.seen["-"+string(c)] = true
		if k == flagArg {
			continue
		}
		if j+1 < len(a.s) { // the value is the rest of the cluster
			if k == pathArg {
				out.paths = append(out.paths, word{s: a.s[j+1:], glob: a.glob})
			}
			return 0, ""
		}
		if len(rest) == 0 {
			return 0, "-" + string(c) + " is missing its value"
		}
		if rest[0].dynamic {
			return 0, "an option's value is computed at run time: " + rest[0].s
		}
		if k == pathArg {
			out.paths = append(out.paths, rest[0])
		}
		return 1, ""
	}
	return 0, ""
}

// files returns the arguments that name files the program reads.
func (s spec) files(p parsedArgs) []word {
	out := append([]word(nil), p.paths...)
	switch s.pos {
	case posNone:
		return out
	case posPattern:
		pos := p.positional
		given := false
		for _, o := range strings.Fields(s.patOpts) {
			given = given || p.seen[o]
		}
		if !given && len(pos) > 0 {
			pos = pos[1:]
		}
		return append(out, pos...)
	}
	return append(out, p.positional...)
}
