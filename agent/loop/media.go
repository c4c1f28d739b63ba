package loop

// noVisionNote replaces a tool's pictures once the model has refused one.
const noVisionNote = "\n[the attached image or document was removed: this model can't see images]"

// dropToolMedia removes the images and documents tools attached to results
// in this turn's history, noting it in each result, and reports whether any
// were there; a prompt's own attachments stay, so their refusal reaches the user.
func (t *turn) dropToolMedia() bool {
	dropped := false
	for i := range t.msgs {
		for j := range t.msgs[i].ToolResults {
			r := &t.msgs[i].ToolResults[j]
			if len(r.Parts) > 0 {
				r.Parts, r.Content, dropped = nil, r.Content+noVisionNote, true
			}
		}
	}
	return dropped
}
