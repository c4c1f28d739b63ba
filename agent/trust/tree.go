package trust

// ReasonFromOrigin is Trusted's reason for a worktree's item that is, to
// the byte, what the person trusted in the folder the tree was made from.
const ReasonFromOrigin = "trusted in the folder this worktree was made from"

// InTree is s judging a worktree made from the folder origin: trust
// follows content, so an item of the tree is trusted when the tree's own
// record trusts it or when origin's trusts the very same content (the
// item and every file it runs). Other workspaces are judged as s judges
// them; with no origin, InTree is s.
func (s *Store) InTree(tree, origin string) Judge {
	if origin == "" {
		return s
	}
	if canon, err := Canonical(tree); err == nil {
		tree = canon
	}
	return treeJudge{s: s, tree: tree, origin: origin}
}

type treeJudge struct {
	s            *Store
	tree, origin string // tree canonical
}

func (j treeJudge) Trusted(ws string, it Item) (bool, string) {
	ok, why := j.s.Trusted(ws, it)
	if ok {
		return true, why
	}
	if canon, err := Canonical(ws); err != nil || canon != j.tree {
		return false, why
	}
	switch ok, from := j.s.trustedAs(j.origin, it); {
	case ok:
		return true, from
	case from == ReasonChanged:
		return false, from
	}
	return false, why
}

// FolderOf names the folder at dir as a trust record and a confirmed
// check do (device and inode where the system has them); "" when it
// cannot be read.
func FolderOf(dir string) string {
	rt, _, err := openRoot(dir)
	if err != nil {
		return ""
	}
	defer rt.Close()
	return folderID(rt)
}

// trustedAs says whether origin's record trusts it as it is, read in
// another folder: the folder's identity is origin's, the content the item's.
// An item origin trusted with other content is ReasonChanged.
func (s *Store) trustedAs(origin string, it Item) (bool, string) {
	if it.Err != "" {
		return false, ""
	}
	w, forRun, err := s.recordOf(origin)
	switch {
	case err != nil:
		return false, ""
	case forRun:
		return true, reasonForRun
	case w == nil || w.Items[it.Path] == "":
		return false, ""
	case it.digestIn(w.Folder) != w.Items[it.Path]:
		return false, ReasonChanged
	}
	return true, ReasonFromOrigin
}
