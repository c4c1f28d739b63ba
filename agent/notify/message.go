// Package notify tells the person, through the desktop's notification
// service, that a conversation finished, failed or waits for them. The
// message says which conversation and what kind of wait; what the agent
// ran or wrote is added only when the person turns details on, since a
// notification shows on a screen others may see.
package notify

import (
	"strings"
	"unicode/utf8"
)

// Kind is what a conversation reached.
type Kind string

const (
	Finished      Kind = "finished"
	Failed        Kind = "failed"
	NeedsApproval Kind = "approval"
	NeedsAnswer   Kind = "question"
	PlanReady     Kind = "plan"
)

// headlines are the words each kind is shown as.
var headlines = map[Kind]string{
	Finished:      "Finished",
	Failed:        "Failed",
	NeedsApproval: "Needs your approval",
	NeedsAnswer:   "Has a question for you",
	PlanReady:     "Has a plan for you to review",
}

// Event is a moment worth telling the person about.
type Event struct {
	Kind Kind
	// Conversation is the session a click opens.
	Conversation string
	// Title is the conversation's name; "" before it has one.
	Title string
	// Detail is the command, question, plan or error text, shown only
	// when Prefs.Details is on.
	Detail string
}

// Prefs are the person's choices: which kinds notify, and whether the
// message carries the details.
type Prefs struct {
	Finished bool
	Failed   bool
	// NeedsYou covers approvals, questions and plans.
	NeedsYou bool
	Details  bool
}

// Wants reports whether k notifies under p.
func (p Prefs) Wants(k Kind) bool {
	switch k {
	case Finished:
		return p.Finished
	case Failed:
		return p.Failed
	case NeedsApproval, NeedsAnswer, PlanReady:
		return p.NeedsYou
	}
	return false
}

// Message is a notification's text.
type Message struct {
	Summary string
	Body    string
}

// untitled names a conversation that has no title yet.
const untitled = "New conversation"

// maxDetail bounds the detail shown: a notification is a glance.
const maxDetail = 200

// Compose builds e's notification: the title as summary, the kind's words
// as body, and e.Detail after them only when details is on. The body is
// escaped, as servers may read it as markup.
func Compose(e Event, details bool) Message {
	title := oneLine(e.Title)
	if title == "" {
		title = untitled
	}
	body, ok := headlines[e.Kind]
	if !ok {
		body = "Needs your attention"
	}
	if details {
		if d := clip(oneLine(e.Detail), maxDetail); d != "" {
			body += ": " + d
		}
	}
	return Message{Summary: title, Body: escape(body)}
}

// oneLine folds s's whitespace runs (newlines too) into single spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func clip(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n-1]) + "…"
}

var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

func escape(s string) string { return escaper.Replace(s) }
