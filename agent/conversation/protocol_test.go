package conversation

import (
	"encoding/json"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// TestEventsCarryTheirWireType checks that each event, once stamped, goes
// out with its header and the type its TypeScript declaration names.
func TestEventsCarryTheirWireType(t *testing.T) {
	for _, e := range []Event{&TurnStarted{}, &Text{}, &Reasoning{}, &ToolStarted{}, &ToolProgress{},
		&ToolFinished{}, &ApprovalRequested{}, &ApprovalResolved{}, &UsageReported{}, &Retry{},
		&Compacted{}, &TurnError{}, &Changes{}, &Done{}} {
		t.Run(eventType(e), func(t *testing.T) {
			stamp(e, "t1", 7)
			b, err := json.Marshal(e)
			if err != nil {
				t.Fatal(err)
			}
			var wire map[string]any
			if err := json.Unmarshal(b, &wire); err != nil {
				t.Fatal(err)
			}
			if wire["type"] != eventType(e) || wire["turnId"] != "t1" || wire["seq"] != 7.0 {
				t.Errorf("wire %s", b)
			}
			f, _ := reflect.TypeOf(e).Elem().FieldByName("Type")
			if lit := strconv.Quote(eventType(e)); f.Tag.Get("tstype") != lit {
				t.Errorf("tstype %q, want %s", f.Tag.Get("tstype"), lit)
			}
		})
	}
}

// TestWireFieldNames pins each event's JSON field names: the frontend
// reducer and stored transcripts read them.
func TestWireFieldNames(t *testing.T) {
	cost, exit := 0.5, 1
	stats := []FileChange{{Path: "a"}}
	base := "seq turnId type "
	for _, c := range []struct {
		e    Event
		want string
	}{
		{&TurnStarted{}, "prompt startedAt"},
		{&Text{}, "text"},
		{&Reasoning{}, "text"},
		{&ToolStarted{}, "args callId name"},
		{&ToolProgress{}, "callId chunk"},
		{&ToolFinished{}, "callId durationMs name output status summary"},
		{&ToolFinished{ExitCode: &exit, AllowedBy: &Allowance{By: "mode"}}, "allowedBy callId durationMs exitCode name output status summary"},
		{&ApprovalRequested{}, "callId detail kind requestId summary tool"},
		{&ApprovalResolved{}, "requestId"},
		{&ApprovalResolved{Decision: "deny"}, "decision requestId"},
		{&UsageReported{Cost: &cost}, "cost usage window"},
		{&Retry{}, "attempt class delayMs"},
		{&Compacted{}, "after before kind"},
		{&TurnError{}, "class message"},
		{&Changes{}, "files"},
		{&Changes{Stats: &stats}, "files stats"},
		{&Done{}, "cost elapsedMs iterations stopped text usage"},
	} {
		stamp(c.e, "t", 1)
		b, _ := json.Marshal(c.e)
		var wire map[string]any
		if err := json.Unmarshal(b, &wire); err != nil {
			t.Fatal(err)
		}
		keys := make([]string, 0, len(wire))
		for k := range wire {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		want := strings.Fields(base + c.want)
		sort.Strings(want)
		if strings.Join(keys, " ") != strings.Join(want, " ") {
			t.Errorf("%s: fields %v, want %v", eventType(c.e), keys, want)
		}
	}
}
