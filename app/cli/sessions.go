package cli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/redact"
	"github.com/hearth-agent/hearth/agent/session"
)

const sessionsSynopsis = `sessions list [--json] [--workspace DIR] [--limit N]
       hearth sessions show ID
       hearth sessions export ID --format md|json [--attachments link|embed] [--out FILE]
       hearth sessions network ID [--json]

ID may be any unique prefix of a session id. Sessions live in
$HEARTH_DATA_DIR/sessions.db when HEARTH_DATA_DIR is set, else in the
user config directory. Shown and exported text has secrets redacted.
'network' lists the requests Hearth made for the session (model, mcp,
oauth, web, update), never their query strings.`

func runSessions(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "sessions", sessionsSynopsis)
	if code, ok := parseFlags(fs, env, args); !ok {
		return code
	}
	rest := fs.Args()
	if len(rest) == 0 {
		return usageErr(env, fs, "missing subcommand (list, show, export or network)")
	}
	switch rest[0] {
	case "list":
		return sessionsList(ctx, env, rest[1:])
	case "show":
		return sessionsShow(ctx, env, rest[1:])
	case "export":
		return sessionsExport(ctx, env, rest[1:])
	case "network":
		return sessionsNetwork(ctx, env, rest[1:])
	default:
		return usageErr(env, fs, "unknown subcommand %q", rest[0])
	}
}

// sessionsPath is the database the CLI opens.
func sessionsPath(env *Env) (string, error) {
	if dir := env.Getenv("HEARTH_DATA_DIR"); dir != "" {
		return filepath.Join(dir, session.FileName), nil
	}
	return session.DefaultPath()
}

func openSessions(ctx context.Context, env *Env) (*session.Store, error) {
	path, err := sessionsPath(env)
	if err != nil {
		return nil, err
	}
	// Keys are redacted before anything reaches the database.
	return session.Open(ctx, path, session.Options{Redact: redactor(ctx, env).String})
}

// withSessions parses flags (interspersed with positional args), opens the
// store and runs fn with the positional arguments.
func withSessions(ctx context.Context, env *Env, fs *flag.FlagSet, args []string, nargs int,
	fn func(s *session.Store, pos []string) int) int {
	pos, code, ok := parseInterspersed(fs, env, args)
	if !ok {
		return code
	}
	if len(pos) != nargs {
		return usageErr(env, fs, "want %d argument(s), got %d", nargs, len(pos))
	}
	s, err := openSessions(ctx, env)
	if err != nil {
		return failure(env, fs.Name(), err)
	}
	defer s.Close()
	return fn(s, pos)
}

// parseInterspersed lets flags follow the positional ID, as in
// "export ID --format md".
func parseInterspersed(fs *flag.FlagSet, env *Env, args []string) ([]string, int, bool) {
	var pos []string
	for {
		if code, ok := parseFlags(fs, env, args); !ok {
			return nil, code, false
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, 0, true
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

func sessionsList(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "sessions list", "sessions list [--json] [--workspace DIR] [--limit N]")
	asJSON := fs.Bool("json", false, "print JSON: an array of sessions")
	ws := fs.String("workspace", "", "only sessions of this workspace `dir`")
	limit := fs.Int("limit", 0, "at most `n` sessions (0: all)")
	return withSessions(ctx, env, fs, args, 0, func(s *session.Store, _ []string) int {
		if *ws != "" {
			if abs, err := filepath.Abs(*ws); err == nil {
				*ws = abs
			}
		}
		list, err := s.List(ctx, session.ListOptions{Workspace: *ws, Limit: *limit})
		if err != nil {
			return failure(env, fs.Name(), err)
		}
		r := redactor(ctx, env)
		for i := range list {
			list[i].Title = r.String(list[i].Title)
		}
		if *asJSON {
			if list == nil {
				list = []session.Session{}
			}
			enc := json.NewEncoder(env.Stdout)
			enc.SetIndent("", "  ")
			if err := enc.Encode(list); err != nil {
				return failure(env, fs.Name(), err)
			}
			return ExitOK
		}
		if len(list) == 0 {
			fmt.Fprintln(env.Stdout, "no sessions")
			return ExitOK
		}
		tw := tabwriter.NewWriter(env.Stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tUPDATED\tWORKSPACE\tTITLE")
		for _, x := range list {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", x.ID, x.UpdatedAt.Local().Format(time.DateTime),
				termSafe(x.Workspace), termSafe(oneLine(x.Title)))
		}
		tw.Flush()
		return ExitOK
	})
}

func sessionsShow(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "sessions show", "sessions show ID")
	return withSessions(ctx, env, fs, args, 1, func(s *session.Store, pos []string) int {
		tr, err := loadByPrefix(ctx, s, pos[0])
		if err != nil {
			return failure(env, fs.Name(), err)
		}
		// The transcript holds model and tool text: nothing in it may act on the terminal.
		out := &termWriter{w: env.Stdout}
		if err := session.Export(out, tr, session.FormatMarkdown, redactor(ctx, env)); err != nil {
			return failure(env, fs.Name(), err)
		}
		if err := out.Flush(); err != nil {
			return failure(env, fs.Name(), err)
		}
		return ExitOK
	})
}

func sessionsExport(ctx context.Context, env *Env, args []string) int {
	fs := newFlags(env, "sessions export", "sessions export ID --format md|json [--attachments link|embed] [--out FILE]")
	format := fs.String("format", "", "`md` (Markdown) or json")
	atts := fs.String("attachments", string(session.LinkAttachments), "`link` to the stored files, or embed them (base64) so the export stands alone")
	out := fs.String("out", "", "write to `file` instead of standard output")
	pos, code, ok := parseInterspersed(fs, env, args)
	if !ok {
		return code
	}
	f := session.ExportFormat(*format)
	if f != session.FormatMarkdown && f != session.FormatJSON {
		return usageErr(env, fs, "--format must be md or json")
	}
	mode := session.AttachmentMode(*atts)
	if mode != session.LinkAttachments && mode != session.EmbedAttachments {
		return usageErr(env, fs, "--attachments must be link or embed, not %q", *atts)
	}
	return withSessions(ctx, env, fs, pos, 1, func(s *session.Store, pos []string) int {
		tr, err := loadByPrefix(ctx, s, pos[0])
		if err != nil {
			return failure(env, fs.Name(), err)
		}
		r := redactor(ctx, env)
		if *out == "" {
			if err := session.ExportWith(env.Stdout, tr, f, r, mode); err != nil {
				return failure(env, fs.Name(), err)
			}
			return ExitOK
		}
		err = writeAtomic(*out, func(w io.Writer) error { return session.ExportWith(w, tr, f, r, mode) })
		if err != nil {
			return failure(env, fs.Name(), err)
		}
		fmt.Fprintf(env.Stderr, "exported session %s to %s\n", tr.Session.ID, *out)
		return ExitOK
	})
}

func loadByPrefix(ctx context.Context, s *session.Store, prefix string) (*session.Transcript, error) {
	id, err := s.Resolve(ctx, prefix)
	if errors.Is(err, session.ErrNotFound) {
		return nil, fmt.Errorf("no session %q (see 'hearth sessions list')", prefix)
	}
	if err != nil {
		return nil, err
	}
	return s.Load(ctx, id)
}

// redactor removes key patterns and every provider key this machine holds,
// the custom endpoints' keys included.
func redactor(ctx context.Context, env *Env) *redact.Redactor {
	if env.Secrets == nil {
		return redact.New()
	}
	var ids []string
	for _, p := range provider.Builtins() {
		ids = append(ids, p.ID)
	}
	st, _ := savedSettings(env)
	for _, c := range st.Custom {
		ids = append(ids, provider.CustomPrefix+c.Name)
	}
	return redact.New(env.Secrets.Values(ctx, ids)...)
}

// writeAtomic writes a file through a temp file in the same directory, so a
// failure never leaves a half-written export.
func writeAtomic(path string, fn func(io.Writer) error) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = fn(tmp); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
