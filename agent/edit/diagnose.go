package edit

// noMatch builds the error for a SEARCH that fits nowhere.
func noMatch(file, search, repl []string, raw string, opt Options) error {
	e := &NoMatchError{}
	if len(repl) > 0 && !allBlank(repl) {
		// Only a unique place is worth the claim: a REPLACE of "}" is
		// present everywhere and says nothing.
		if m, _ := ladder(file, repl, nil); m != nil {
			e.AlreadyAt = m.start + 1
		}
	}
	e.ClosestStart, e.Closest, e.Agree, e.Of = closest(file, search)
	if opt.Elsewhere != nil {
		e.Elsewhere = opt.Elsewhere(raw)
	}
	return e
}

// maxVotes bounds the work closest does on files full of repeated lines.
const maxVotes = 4 << 20

// closest finds the run of len(search) file lines that agrees with the most
// non-blank SEARCH lines, compared with surrounding whitespace trimmed. It
// votes for window starts from an index of the file's lines, so its cost
// follows the number of agreeing lines, not file size × SEARCH size. A run
// is returned only when most lines agree.
func closest(file, search []string) (start int, lines []string, agree, of int) {
	need := map[string][]int{} // trimmed SEARCH line -> its offsets in SEARCH
	for j, s := range search {
		if t := trimBoth(s); t != "" {
			need[t] = append(need[t], j)
			of++
		}
	}
	if of == 0 {
		return 0, nil, 0, 0
	}
	votes := map[int]int{}
	cast := 0
	for i, l := range file {
		offs, ok := need[trimBoth(l)]
		if !ok {
			continue
		}
		for _, j := range offs {
			if s := i - j; s >= 0 {
				votes[s]++
			}
		}
		if cast += len(offs); cast > maxVotes {
			break
		}
	}
	best, bestStart := 0, -1
	for s, v := range votes {
		if v > best || (v == best && s < bestStart) {
			best, bestStart = v, s
		}
	}
	if bestStart < 0 || best*2 <= of {
		return 0, nil, best, of
	}
	end := min(bestStart+len(search), len(file))
	return bestStart + 1, append([]string(nil), file[bestStart:end]...), best, of
}
