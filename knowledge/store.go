package knowledge

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"time"

	"github.com/blevesearch/bleve/v2"
	"github.com/blevesearch/bleve/v2/analysis/analyzer/keyword"
	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/index/scorch/mergeplan"
	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"
	zapx "github.com/blevesearch/zapx/v17"
	bolterrors "go.etcd.io/bbolt/errors"
)

// MappingVersion is bumped whenever the mapping or analyzer changes how
// text is indexed; an index with another version is rebuilt.
const MappingVersion = 22

var (
	keyVersion = []byte("hearth.mapping")
	keyRoot    = []byte("hearth.root")
	// keyCompacted is when Compact last ran (Unix seconds).
	keyCompacted = []byte("hearth.compacted")
)

// ErrLocked means another process holds the workspace's index; this
// process then builds a private one.
var ErrLocked = errors.New("knowledge: index is locked by another process")

func newMapping() mapping.IndexMapping {
	code := func() *mapping.FieldMapping {
		f := bleve.NewTextFieldMapping()
		f.Analyzer = codeAnalyzerName
		f.Store = false
		f.IncludeInAll = false
		f.DocValues = false
		return f
	}
	kw := func() *mapping.FieldMapping {
		f := bleve.NewKeywordFieldMapping()
		f.Store = false
		f.IncludeInAll = false
		f.DocValues = false
		f.IncludeTermVectors = false
		return f
	}
	content := code()
	path := code()
	path.IncludeTermVectors = false
	defWords := code()
	defWords.IncludeTermVectors = false
	tri := code()
	tri.Analyzer = trigramAnalyzerName
	tri.IncludeTermVectors = false
	stamp := kw()
	stamp.DocValues = true
	pairs := bleve.NewTextFieldMapping()
	pairs.Index = false
	pairs.Analyzer = keyword.Name

	doc := bleve.NewDocumentStaticMapping()
	doc.AddFieldMappingsAt(fieldContent, content)
	doc.AddFieldMappingsAt(fieldPath, path)
	doc.AddFieldMappingsAt(fieldTrigram, tri)
	doc.AddFieldMappingsAt(fieldDefWords, defWords)
	for _, f := range []string{fieldPathKW, fieldFolder, fieldExt, fieldLang, fieldSource, fieldDef} {
		doc.AddFieldMappingsAt(f, kw())
	}
	doc.AddFieldMappingsAt(fieldStamp, stamp)
	doc.AddFieldMappingsAt(fieldPairs, pairs)

	m := bleve.NewIndexMapping()
	m.DefaultMapping = doc
	m.DefaultAnalyzer = codeAnalyzerName
	m.ScoringModel = index.BM25Scoring
	m.StoreDynamic = false
	m.IndexDynamic = false
	m.DocValuesDynamic = false
	return m
}

// runtimeConfig tunes scorch. Batches are "unsafe" (not fsynced before
// Batch returns): the stamp of every file travels in its own document, so
// whatever a crash loses, the reconcile at the next open re-indexes.
// Segments stop growing at 5,000 files: merging ever larger segments maps
// and reads them whole, and on a big tree those pages set the build's
// peak memory; a lower cap bounds it for the same build CPU and query
// times.
//
// The floor is about five batches' files, not bleve's 2,000: the planner
// counts every segment under the floor as floor-sized, so below it a
// roster's "balance" cannot tell a growing segment from a new batch's and
// the growing one was rewritten again and again, at a cost in CPU.
func init() {
	// zapx sizes a new segment's buffer as the last segment's bytes per
	// document times (documents + 100). After a heavy file (a base64
	// dump: one document, megabytes of segment) the next one-file segment
	// reserved a hundred times that, and the watcher's reindexes of it
	// pushed the heap far past the memory limit. Without the bump the
	// estimate is per document.
	zapx.NewSegmentBufferNumResultsBump = 0

	// A merge writes its segment through a buffer of this size, and a
	// kernel that caches files in large folios (ext4 on recent Linux)
	// keeps each write as one folio: with zapx's larger buffer, opening a
	// segment (its header, a section index mid-file, its footer) mapped
	// three whole folios, much of a big index's steady memory. Small
	// writes keep the pages an open maps small, for the same build CPU.
	zapx.DefaultFileMergerBufferSize = 64 << 10
}

func runtimeConfig(lazy bool) map[string]interface{} {
	plan := map[string]interface{}{
		"MaxSegmentSize":   mergeOptions.MaxSegmentSize,
		"FloorSegmentSize": mergeOptions.FloorSegmentSize,
	}
	if lazy {
		// Only a segment under half this size may merge: none is, so the
		// merger plans nothing until Compact asks with mergeOptions.
		plan["MaxSegmentSize"] = 0
	}
	return map[string]interface{}{
		"unsafe_batch":           true,
		"bolt_timeout":           "300ms",
		"scorchMergePlanOptions": plan,
	}
}

// mergeOptions is how segments merge, in the background or in Compact.
var mergeOptions = func() mergeplan.MergePlanOptions {
	o := mergeplan.DefaultMergePlanOptions
	o.MaxSegmentSize, o.FloorSegmentSize = 5000, 500
	return o
}()

// indexDir is where the index of a workspace lives.
func indexDir(cacheDir, workspace string) string {
	sum := sha256.Sum256([]byte(workspace))
	return filepath.Join(cacheDir, hex.EncodeToString(sum[:12]))
}

// openStore opens the index at dir or creates it. A corrupt index or one
// with another mapping version is moved aside (and removed in the
// background) and replaced by an empty one; a locked index yields a
// private temporary index. rebuilt reports that the old content is gone.
func openStore(dir, workspace string, lazy bool) (idx bleve.Index, actualDir string, note string, err error) {
	if _, statErr := os.Stat(dir); statErr == nil {
		idx, err = safeOpen(dir, lazy)
		switch {
		case err == nil:
			if v, _ := idx.GetInternal(keyVersion); string(v) == strconv.Itoa(MappingVersion) {
				return idx, dir, "", nil
			}
			_ = idx.Close()
			note = "index format changed; rebuilding"
		case errors.Is(err, ErrLocked):
			private := fmt.Sprintf("%s.pid%d", dir, os.Getpid())
			_ = os.RemoveAll(private)
			idx, err = createStore(private, workspace, lazy)
			return idx, private, "index in use by another Hearth; using a private index", err
		default:
			note = fmt.Sprintf("index was unreadable (%v); rebuilding", err)
		}
		if err := moveAside(dir); err != nil {
			return nil, "", "", err
		}
	}
	idx, err = createStore(dir, workspace, lazy)
	return idx, dir, note, err
}

// safeOpen opens an existing index, turning panics from corrupt segment
// files into errors.
func safeOpen(dir string, lazy bool) (idx bleve.Index, err error) {
	defer func() {
		if r := recover(); r != nil {
			idx, err = nil, fmt.Errorf("corrupt index: %v", r)
		}
	}()
	idx, err = bleve.OpenUsing(dir, runtimeConfig(lazy))
	if errors.Is(err, bolterrors.ErrTimeout) {
		return nil, fmt.Errorf("%w: %v", ErrLocked, err)
	}
	return idx, err
}

func createStore(dir, workspace string, lazy bool) (bleve.Index, error) {
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return nil, fmt.Errorf("knowledge: create cache dir: %w", err)
	}
	idx, err := bleve.NewUsing(dir, newMapping(), scorch.Name, scorch.Name, runtimeConfig(lazy))
	if err != nil {
		return nil, fmt.Errorf("knowledge: create index: %w", err)
	}
	b := idx.NewBatch()
	b.SetInternal(keyVersion, []byte(strconv.Itoa(MappingVersion)))
	b.SetInternal(keyRoot, []byte(workspace))
	persisted := make(chan struct{})
	b.SetPersistedCallback(func(error) { close(persisted) })
	if err := idx.Batch(b); err != nil {
		_ = idx.Close()
		return nil, fmt.Errorf("knowledge: create index: %w", err)
	}
	select { // the version must be durable, or the next open rebuilds
	case <-persisted:
	case <-time.After(10 * time.Second):
	}
	return idx, nil
}

// moveAside renames a bad index out of the way at once (so opening never
// waits on deleting it) and removes it in the background.
func moveAside(dir string) error {
	aside := fmt.Sprintf("%s.bad-%d", dir, time.Now().UnixNano())
	if err := os.Rename(dir, aside); err != nil {
		return fmt.Errorf("knowledge: move bad index aside: %w", err)
	}
	go func() { _ = os.RemoveAll(aside) }()
	return nil
}

// lazySegments is how many segments an index opened with LazyMerge may
// hold before its build compacts it.
var lazySegments = 64

// Compact merges the index's segments as the background merger would,
// pass after pass, until a pass finds nothing to merge or ctx ends: an
// index a one-shot leaves compact answers later one-shots from fewer
// segments, and they have nothing to merge.
func (x *Index) Compact(ctx context.Context) error {
	adv, err := x.idx.Advanced()
	if err != nil {
		return fmt.Errorf("knowledge: compact: %w", err)
	}
	s, ok := adv.(*scorch.Scorch)
	if !ok {
		return fmt.Errorf("knowledge: compact: %w", errNotScorch)
	}
	stats, ok := s.Stats().(*scorch.Stats)
	if !ok {
		return fmt.Errorf("knowledge: compact: scorch stats are %T", s.Stats())
	}
	// The merger plans only segments on disk: a build's last batches are
	// persisted first, or they would stay out of the compaction.
	if err := x.persistRoot(ctx); err != nil {
		return err
	}
	opts := mergeOptions
	for ctx.Err() == nil {
		idle := atomic.LoadUint64(&stats.TotFileMergePlanNone)
		if err := s.ForceMerge(ctx, &opts); err != nil {
			return fmt.Errorf("knowledge: compact: %w", err)
		}
		if atomic.LoadUint64(&stats.TotFileMergePlanNone) > idle {
			return x.persistRoot(ctx)
		}
	}
	return ctx.Err()
}

// persistRoot returns once the index's current snapshot is on disk: the
// persister does not write at close, and the merges would be lost. A
// batch's persisted callback runs once a snapshot holding it, and so the
// merges before it, is written.
func (x *Index) persistRoot(ctx context.Context) error {
	b := x.idx.NewBatch()
	b.SetInternal(keyCompacted, []byte(strconv.FormatInt(time.Now().Unix(), 10)))
	persisted := make(chan struct{})
	b.SetPersistedCallback(func(error) { close(persisted) })
	if err := x.idx.Batch(b); err != nil {
		return fmt.Errorf("knowledge: compact: %w", err)
	}
	select {
	case <-persisted:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// segments counts the segments of the index's current snapshot.
func (x *Index) segments() (int, error) {
	r, snap, err := x.snapshot()
	if err != nil {
		return 0, err
	}
	defer r.Close()
	return len(snap.Segments()), nil
}
