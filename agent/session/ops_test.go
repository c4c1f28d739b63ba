package session

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// clock is a settable test clock, so ordering and undo windows are exact.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }

func openClocked(t *testing.T) (*Store, *clock) {
	c := &clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	s := openAt(t, t.TempDir()+"/"+FileName, Options{Now: c.now, UndoWindow: 5 * time.Second})
	return s, c
}

func titles(ss []Session) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.Title)
	}
	return out
}

func TestListNewestFirstPerWorkspaceAndAcross(t *testing.T) {
	ctx := context.Background()
	s, c := openClocked(t)
	a1 := mustCreate(t, s, "/ws/a")
	mustUser(t, s, a1.ID, "a1")
	c.advance(time.Second)
	b1 := mustCreate(t, s, "/ws/b")
	mustUser(t, s, b1.ID, "b1")
	c.advance(time.Second)
	a2 := mustCreate(t, s, "/ws/a")
	mustUser(t, s, a2.ID, "a2")
	c.advance(time.Second)
	mustReply(t, s, a1.ID, "a1 is active again") // activity moves a1 to the top

	cases := []struct {
		opt  ListOptions
		want string
	}{
		{ListOptions{Workspace: "/ws/a"}, "a1 a2"},
		{ListOptions{Workspace: "/ws/b"}, "b1"},
		{ListOptions{}, "a1 a2 b1"},
		{ListOptions{Limit: 2}, "a1 a2"},
		{ListOptions{Limit: 2, Offset: 2}, "b1"},
		{ListOptions{Workspace: "/ws/none"}, ""},
	}
	for _, tc := range cases {
		got, err := s.List(ctx, tc.opt)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(titles(got), " ") != tc.want {
			t.Errorf("List(%+v) = %v, want %s", tc.opt, titles(got), tc.want)
		}
	}
}

func TestRenameBeatsGeneratedTitles(t *testing.T) {
	ctx := context.Background()
	s, _ := openClocked(t)
	sess := mustCreate(t, s, "/ws")
	mustUser(t, s, sess.ID, "how do I parse json in go")
	if ok, err := s.SetGeneratedTitle(ctx, sess.ID, "Parsing JSON in Go"); !ok || err != nil {
		t.Fatalf("generated title not applied: %v %v", ok, err)
	}
	if got, _ := s.Get(ctx, sess.ID); got.Title != "Parsing JSON in Go" || got.TitleSource != "generated" {
		t.Fatalf("title = %q (%s)", got.Title, got.TitleSource)
	}
	if err := s.Rename(ctx, sess.ID, "  My   JSON notes "); err != nil {
		t.Fatal(err)
	}
	if ok, _ := s.SetGeneratedTitle(ctx, sess.ID, "Late model title"); ok {
		t.Fatal("a generated title overwrote the user's")
	}
	mustUser(t, s, sess.ID, "another message")
	if got, _ := s.Get(ctx, sess.ID); got.Title != "My JSON notes" || got.TitleSource != "user" {
		t.Fatalf("title = %q (%s)", got.Title, got.TitleSource)
	}
	if err := s.Rename(ctx, sess.ID, "   "); err == nil {
		t.Fatal("empty title accepted")
	}
	if err := s.Rename(ctx, "ffffffffffffffff", "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("rename unknown: %v", err)
	}
}

func TestDeleteIsUndoableUntilPurged(t *testing.T) {
	ctx := context.Background()
	s, c := openClocked(t)
	keep := mustCreate(t, s, "/ws")
	mustUser(t, s, keep.ID, "keep me")
	gone := mustCreate(t, s, "/ws")
	mustUser(t, s, gone.ID, "delete me zebra")

	if err := s.Delete(ctx, gone.ID); err != nil {
		t.Fatal(err)
	}
	if l, _ := s.List(ctx, ListOptions{}); len(l) != 1 || l[0].ID != keep.ID {
		t.Fatalf("deleted session still listed: %v", titles(l))
	}
	if hits, _ := s.Search(ctx, "zebra", SearchOptions{}); len(hits) != 0 {
		t.Fatalf("deleted session still searchable: %v", hits)
	}
	if _, err := s.AddUserMessage(ctx, gone.ID, "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("wrote to a deleted session: %v", err)
	}
	c.advance(3 * time.Second)
	if n, _ := s.Purge(ctx); n != 0 {
		t.Fatal("purged inside the undo window")
	}
	if err := s.Restore(ctx, gone.ID); err != nil {
		t.Fatal(err)
	}
	if hits, _ := s.Search(ctx, "zebra", SearchOptions{}); len(hits) != 1 {
		t.Fatalf("restored session not searchable: %v", hits)
	}

	if err := s.Delete(ctx, gone.ID); err != nil {
		t.Fatal(err)
	}
	c.advance(6 * time.Second)
	if n, err := s.Purge(ctx); n != 1 || err != nil {
		t.Fatalf("Purge = %d, %v", n, err)
	}
	if err := s.Restore(ctx, gone.ID); !errors.Is(err, ErrNotFound) {
		t.Fatalf("restore after purge: %v", err)
	}
	var left int
	s.r.QueryRow("SELECT count(*) FROM messages WHERE session_id = ?", gone.ID).Scan(&left)
	if left != 0 {
		t.Fatalf("%d messages of a purged session remain", left)
	}
	if hits, _ := s.Search(ctx, "keep", SearchOptions{}); len(hits) != 1 {
		t.Fatalf("purge damaged the index: %v", hits)
	}
	if _, err := s.w.Exec("INSERT INTO messages_fts(messages_fts) VALUES('integrity-check')"); err != nil {
		t.Fatalf("FTS index inconsistent after purge: %v", err)
	}
}

func TestForkFromAnyMessage(t *testing.T) {
	ctx := context.Background()
	s, _ := openClocked(t)
	orig := mustCreate(t, s, "/ws")
	mustUser(t, s, orig.ID, "first question")
	turn, _ := s.BeginAssistant(ctx, orig.ID, "openai", "gpt")
	turn.AppendText("first answer")
	turn.ToolStarted(ctx, ToolStart{CallID: "c1", Name: "read", Args: `{"p":1}`})
	turn.ToolFinished(ctx, ToolResult{CallID: "c1", Status: ToolOK, Output: "out", FullOutput: "out full"})
	turn.Finish(ctx, End{State: StateComplete, Usage: Usage{InputTokens: 7, OutputTokens: 3}})
	mustUser(t, s, orig.ID, "second question")
	mustReply(t, s, orig.ID, "second answer")

	src := mustLoad(t, s, orig.ID)
	fork, err := s.Fork(ctx, orig.ID, src.Messages[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if fork.ParentID != orig.ID || fork.ForkedFrom != src.Messages[1].ID || fork.Workspace != "/ws" {
		t.Fatalf("fork header = %+v", fork)
	}
	if fork.Title != "first question (fork)" || fork.Usage.InputTokens != 7 {
		t.Fatalf("fork title/usage = %q %+v", fork.Title, fork.Usage)
	}
	got := mustLoad(t, s, fork.ID).Messages
	if len(got) != 2 || got[0].Text != "first question" || got[1].Text != "first answer" {
		t.Fatalf("fork messages = %+v", got)
	}
	if c := got[1].ToolCalls; len(c) != 1 || c[0].FullOutput != "out full" || c[0].Status != ToolOK {
		t.Fatalf("fork tool calls = %+v", c)
	}
	// The fork and the original then diverge independently.
	mustUser(t, s, fork.ID, "a different second question")
	if n := len(mustLoad(t, s, orig.ID).Messages); n != 4 {
		t.Fatalf("original changed: %d messages", n)
	}
	if _, err := s.Fork(ctx, orig.ID, 999999); !errors.Is(err, ErrNotFound) {
		t.Fatalf("fork from unknown message: %v", err)
	}
}

func TestSearch(t *testing.T) {
	ctx := context.Background()
	s, _ := openClocked(t)
	a := mustCreate(t, s, "/ws/a")
	mustUser(t, s, a.ID, "How do I configure the PostgreSQL connection pool?")
	mustReply(t, s, a.ID, "Set max_connections and use pgbouncer for pooling.")
	b := mustCreate(t, s, "/ws/b")
	mustUser(t, s, b.ID, "Write a haiku about café mornings")
	streaming, _ := s.BeginAssistant(ctx, b.ID, "", "")
	streaming.AppendText("unfinishedword")
	streaming.Flush(ctx)

	cases := []struct {
		q, ws string
		want  int
	}{
		{"postgresql", "", 1},
		{"pool", "", 2},           // prefix: pool, pooling
		{"POOL pgbouncer", "", 1}, // every word must match
		{"cafe", "", 1},           // diacritics folded
		{"pool", "/ws/b", 0},
		{"haiku", "/ws/b", 1},
		{`"unbalanced AND (`, "", 0}, // syntax characters are literal
		{"NEAR OR NOT", "", 0},
		{"unfinishedword", "", 0}, // streaming text is indexed once finished
		{"   ", "", 0},
	}
	for _, c := range cases {
		hits, err := s.Search(ctx, c.q, SearchOptions{Workspace: c.ws})
		if err != nil {
			t.Fatalf("Search(%q): %v", c.q, err)
		}
		if len(hits) != c.want {
			t.Errorf("Search(%q, %q) = %d hits %+v, want %d", c.q, c.ws, len(hits), hits, c.want)
		}
	}
	streaming.Finish(ctx, End{State: StateComplete})
	hits, _ := s.Search(ctx, "postgresql", SearchOptions{})
	if len(hits) != 1 || hits[0].SessionID != a.ID || hits[0].Title == "" || !strings.Contains(hits[0].Snippet, "[PostgreSQL]") {
		t.Fatalf("hit = %+v", hits)
	}
	if hits, _ := s.Search(ctx, "unfinishedword", SearchOptions{}); len(hits) != 1 {
		t.Fatalf("finished step not indexed: %v", hits)
	}
}

func TestResolveShortIDs(t *testing.T) {
	ctx := context.Background()
	s, _ := openClocked(t)
	sess := mustCreate(t, s, "/ws")
	if id, err := s.Resolve(ctx, sess.ID[:6]); err != nil || id != sess.ID {
		t.Fatalf("Resolve prefix = %q, %v", id, err)
	}
	if _, err := s.Resolve(ctx, "zzzz"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown prefix: %v", err)
	}
	if _, err := s.Resolve(ctx, ""); !errors.Is(err, ErrNotFound) {
		t.Fatalf("empty prefix: %v", err)
	}
}
