package packaging

import (
	"fmt"
	"strings"
)

// Completions are the shell completion scripts for bash, zsh and fish,
// made from the help so a new command or flag is completed once it is in
// the CLI's help.
type Completions struct {
	Bash, Zsh, Fish []byte
}

// MakeCompletions writes the three scripts for h.
func MakeCompletions(h Help) Completions {
	return Completions{Bash: bash(h), Zsh: zsh(h), Fish: fish(h)}
}

func longFlags(fs []Flag) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = "--" + f.Name
	}
	return out
}

func bash(h Help) []byte {
	var b strings.Builder
	b.WriteString("# bash completion for hearth, generated from `hearth --help`.\n")
	b.WriteString("_hearth() {\n")
	b.WriteString("  local cur=${COMP_WORDS[COMP_CWORD]} words=\n")
	b.WriteString("  if ((COMP_CWORD == 1)); then\n")
	top := longFlags(h.Options)
	for _, c := range h.Commands {
		top = append(top, c.Name)
	}
	fmt.Fprintf(&b, "    words=%q\n", strings.Join(top, " "))
	b.WriteString("  else\n    case ${COMP_WORDS[1]} in\n")
	for _, c := range h.Commands {
		flags := strings.Join(append(longFlags(c.Flags), "--help"), " ")
		if len(c.Subcommands) > 0 {
			fmt.Fprintf(&b, "    %s) if ((COMP_CWORD == 2)); then words=%q; else words=%q; fi ;;\n",
				c.Name, strings.Join(c.Subcommands, " "), flags)
		} else {
			fmt.Fprintf(&b, "    %s) words=%q ;;\n", c.Name, flags)
		}
	}
	b.WriteString("    esac\n  fi\n")
	b.WriteString("  # Flags when the word starts with a dash; otherwise words, then files.\n")
	b.WriteString("  if [[ $cur == -* || COMP_CWORD -le 2 ]]; then\n")
	b.WriteString("    mapfile -t COMPREPLY < <(compgen -W \"$words\" -- \"$cur\")\n  fi\n}\n")
	b.WriteString("complete -o default -F _hearth hearth\n")
	return []byte(b.String())
}

// zq quotes s for a zsh single-quoted "value:description" item.
func zq(s string) string {
	s = strings.ReplaceAll(s, `'`, `'\''`)
	return strings.ReplaceAll(s, ":", `\:`)
}

func zsh(h Help) []byte {
	var b strings.Builder
	b.WriteString("#compdef hearth\n# zsh completion for hearth, generated from `hearth --help`.\n\n")
	b.WriteString("_hearth() {\n  local -a commands options\n  commands=(\n")
	for _, c := range h.Commands {
		fmt.Fprintf(&b, "    '%s:%s'\n", zq(c.Name), zq(c.Summary))
	}
	b.WriteString("  )\n  options=(\n")
	for _, o := range h.Options {
		fmt.Fprintf(&b, "    '--%s:%s'\n", zq(o.Name), zq(o.Summary))
	}
	b.WriteString("  )\n  if (( CURRENT == 2 )); then\n")
	b.WriteString("    _describe -t commands 'hearth command' commands\n")
	b.WriteString("    _describe -t options 'hearth option' options\n")
	b.WriteString("    _files -/\n    return\n  fi\n")
	b.WriteString("  local -a flags\n  case $words[2] in\n")
	for _, c := range h.Commands {
		fmt.Fprintf(&b, "    (%s)\n      flags=(", c.Name)
		for _, f := range c.Flags {
			fmt.Fprintf(&b, " '--%s:%s'", zq(f.Name), zq(f.Summary))
		}
		b.WriteString(" '--help:print the options')\n")
		if len(c.Subcommands) > 0 {
			fmt.Fprintf(&b, "      if (( CURRENT == 3 )); then compadd -- %s; return; fi\n", strings.Join(c.Subcommands, " "))
		}
		b.WriteString("      ;;\n")
	}
	b.WriteString("  esac\n")
	b.WriteString("  if [[ $PREFIX == -* ]]; then _describe -t options 'option' flags; else _files; fi\n}\n\n")
	b.WriteString("_hearth \"$@\"\n")
	return []byte(b.String())
}

// fq quotes s for fish inside single quotes.
func fq(s string) string {
	s = strings.ReplaceAll(s, `\`, `\\`)
	return "'" + strings.ReplaceAll(s, `'`, `\'`) + "'"
}

func fish(h Help) []byte {
	var b strings.Builder
	b.WriteString("# fish completion for hearth, generated from `hearth --help`.\n")
	names := make([]string, len(h.Commands))
	for i, c := range h.Commands {
		names[i] = c.Name
	}
	for _, c := range h.Commands {
		fmt.Fprintf(&b, "complete -c hearth -n __fish_use_subcommand -f -a %s -d %s\n", c.Name, fq(c.Summary))
	}
	for _, o := range h.Options {
		fmt.Fprintf(&b, "complete -c hearth -n __fish_use_subcommand -l %s -d %s\n", o.Name, fq(o.Summary))
	}
	b.WriteString("complete -c hearth -n __fish_use_subcommand -a '(__fish_complete_directories)'\n")
	for _, c := range h.Commands {
		cond := "__fish_seen_subcommand_from " + c.Name
		fmt.Fprintf(&b, "complete -c hearth -n %s -l help -d 'print the options'\n", fq(cond))
		for _, f := range c.Flags {
			fmt.Fprintf(&b, "complete -c hearth -n %s -l %s -d %s\n", fq(cond), f.Name, fq(f.Summary))
		}
		if len(c.Subcommands) > 0 {
			subs := strings.Join(c.Subcommands, " ")
			fmt.Fprintf(&b, "complete -c hearth -n %s -f -a %s\n",
				fq(cond+"; and not __fish_seen_subcommand_from "+subs), fq(subs))
		}
	}
	return []byte(b.String())
}
