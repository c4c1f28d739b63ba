package knowledge

import (
	"bytes"
	"path"
	"strings"

	"github.com/blevesearch/bleve/v2/document"
	index "github.com/blevesearch/bleve_index_api"

	"github.com/hearth-agent/hearth/knowledge/analysis"
	"github.com/hearth-agent/hearth/knowledge/textfile"
)

// Field names in the index.
const (
	fieldContent = "content" // analyzed by the code analyzer, never stored
	fieldPath    = "path"    // analyzed path, for ranking name matches
	fieldPathKW  = "pathkw"  // lowercased path as one term, for path: filters
	fieldFolder  = "folder"  // each folder of the lowercased path ("a/", "a/b/"), for path: filters
	fieldExt     = "ext"
	fieldLang    = "lang"
	fieldSource  = "source"
	fieldStamp   = "stamp" // "id NUL size mtime kind" as doc values, read by reconcile (stamps.go)
	fieldPairs   = "pairs" // stored only: the pair sketch a phrase's candidates are checked against (analysis/pairs.go)
	// fieldDef (defs.go) holds the names a file defines.
)

// Kinds of indexed files: binary and oversized files are indexed by name
// only, so @-mentions find them and reconcile does not re-read them.
const (
	kindText   = "t"
	kindBinary = "b"
	kindLarge  = "l"
)

// binarySniffLen is how much of a file is checked for a NUL byte.
const binarySniffLen = 8 << 10

var (
	optIndex = index.IndexField
	optStore = index.StoreField
)

// readDoc reads f from disk and builds its document. It returns the
// document's approximate memory size for batch accounting.
func readDoc(f diskFile, maxSize int64) (*document.Document, int, error) {
	kind := kindText
	var content []byte
	if f.size > maxSize {
		kind = kindLarge
	} else {
		b, err := textfile.ReadAll(f.abs())
		if err != nil {
			return nil, 0, err
		}
		if int64(len(b)) > maxSize {
			kind = kindLarge
		} else if bytes.IndexByte(b[:min(len(b), binarySniffLen)], 0) >= 0 {
			kind = kindBinary
		} else {
			content = b
		}
	}
	doc := document.NewDocument(f.id())
	ana := codeAnalyzer{}
	rel := f.rel
	ext := extOf(rel)
	lang := langOf(ext, path.Base(rel))
	if content != nil {
		doc.AddField(newContentField(fieldContent, content))
		doc.AddField(newGramField(fieldTrigram, content))
		if defs, names := definitionTerms(content, lang); len(defs) > 0 {
			doc.AddField(newDefField(defs))
			doc.AddField(newContentField(fieldDefWords, names))
		}
		if sketch := analysis.PairSketch(content); sketch != nil {
			doc.AddField(document.NewTextFieldCustom(fieldPairs, nil, sketch, optStore, nil))
		}
	}
	doc.AddField(document.NewTextFieldCustom(fieldPath, nil, []byte(rel), optIndex, ana))
	low := strings.ToLower(rel)
	doc.AddField(document.NewTextFieldCustom(fieldPathKW, nil, []byte(low), optIndex, nil))
	for i, c := range []byte(low) {
		if c == '/' {
			doc.AddField(document.NewTextFieldCustom(fieldFolder, nil, []byte(low[:i+1]), optIndex, nil))
		}
	}
	doc.AddField(document.NewTextFieldCustom(fieldExt, nil, []byte(ext), optIndex, nil))
	if lang != "" {
		doc.AddField(document.NewTextFieldCustom(fieldLang, nil, []byte(lang), optIndex, nil))
	}
	doc.AddField(document.NewTextFieldCustom(fieldSource, nil, []byte(f.src.label), optIndex, nil))
	doc.AddField(document.NewTextFieldCustom(fieldStamp, nil, stampTerm(f.id(), f.fileStat, kind), optIndex|index.DocValues, nil))
	return doc, len(content) + 3*len(rel) + 256, nil
}

// extOf returns the lowercased extension without its dot.
func extOf(rel string) string {
	return strings.ToLower(strings.TrimPrefix(path.Ext(rel), "."))
}

var langByExt = map[string]string{
	"go": "go", "py": "python", "pyi": "python", "js": "javascript", "mjs": "javascript",
	"cjs": "javascript", "jsx": "javascript", "ts": "typescript", "tsx": "typescript",
	"rs": "rust", "c": "c", "h": "c", "cc": "cpp", "cpp": "cpp", "cxx": "cpp", "hpp": "cpp",
	"hh": "cpp", "java": "java", "kt": "kotlin", "kts": "kotlin", "swift": "swift",
	"m": "objc", "mm": "objc", "rb": "ruby", "php": "php", "cs": "csharp", "fs": "fsharp",
	"scala": "scala", "clj": "clojure", "ex": "elixir", "exs": "elixir", "erl": "erlang",
	"hs": "haskell", "ml": "ocaml", "lua": "lua", "pl": "perl", "r": "r", "jl": "julia",
	"dart": "dart", "zig": "zig", "nim": "nim", "sh": "shell", "bash": "shell", "zsh": "shell",
	"fish": "shell", "ps1": "powershell", "sql": "sql", "html": "html", "htm": "html",
	"css": "css", "scss": "css", "sass": "css", "less": "css", "vue": "vue", "svelte": "svelte",
	"md": "markdown", "markdown": "markdown", "rst": "rst", "txt": "text", "json": "json",
	"yaml": "yaml", "yml": "yaml", "toml": "toml", "xml": "xml", "proto": "protobuf",
	"s": "asm", "asm": "asm", "tex": "tex", "ini": "ini", "cfg": "ini", "mod": "gomod",
}

var langByName = map[string]string{
	"makefile": "make", "dockerfile": "docker", "cmakelists.txt": "cmake",
	"go.mod": "gomod", "go.sum": "gomod", "rakefile": "ruby", "gemfile": "ruby",
}

// langOf names the language of a file for lang: filters.
// langOfPath is the language of the file at rel.
func langOfPath(rel string) string { return langOf(extOf(rel), path.Base(rel)) }

func langOf(ext, base string) string {
	if l, ok := langByName[strings.ToLower(base)]; ok {
		return l
	}
	return langByExt[ext]
}
