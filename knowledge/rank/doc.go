// Package rank finds the best hits of an index query over a scorch
// snapshot as bleve's own search would (BM25 to the last bit, ties in
// index order), but in parallel: a lone term's postings scored per
// segment (TopTerm), any other query of terms by one bleve searcher per
// share of the document numbers (TopQuery). It knows no field of
// Hearth's index; the caller names them.
package rank
