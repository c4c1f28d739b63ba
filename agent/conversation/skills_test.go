package conversation

import (
	"strings"
	"testing"
)

// The provider sees a skill's name and description in the system prompt;
// its body reaches the model only once the model calls the skill tool.
func TestSkillBodyReachesTheModelOnlyWhenAsked(t *testing.T) {
	c, ev, rec, _ := newTrustedConversation(t, map[string]string{
		".claude/skills/release/SKILL.md": "---\nname: release\ndescription: Cut a release of this project.\n---\nSKILL-BODY-MARKER: bump the version, tag, push.",
	}, true, call("c1", "skill", `{"name":"release"}`), text("Done."))
	id, _, err := c.Send("cut a release")
	if err != nil {
		t.Fatal(err)
	}
	ev.waitDone(t, id)
	first, second := rec.body(0), rec.body(1)
	if !strings.Contains(first, "release`: Cut a release of this project.") {
		t.Fatalf("the skill is not listed in the first request: %s", first)
	}
	if strings.Contains(first, "SKILL-BODY-MARKER") {
		t.Fatal("the skill's body was sent before the model asked for it")
	}
	if !strings.Contains(second, "SKILL-BODY-MARKER") {
		t.Fatalf("the skill's body did not reach the model after it asked: %s", second)
	}
}

// An untrusted workspace's skills are not offered at all.
func TestUntrustedSkillsAreNotOffered(t *testing.T) {
	c, ev, rec, _ := newTrustedConversation(t, map[string]string{
		".claude/skills/release/SKILL.md": "---\nname: release\ndescription: Cut a release.\n---\nbody",
	}, false, text("ok"))
	id, _, _ := c.Send("hi")
	ev.waitDone(t, id)
	if strings.Contains(rec.body(0), "Cut a release") || strings.Contains(rec.body(0), `"name":"skill"`) {
		t.Fatal("an untrusted skill was offered")
	}
}
