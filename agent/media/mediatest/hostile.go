package mediatest

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"fmt"
)

// Hostile PDFs, each small on disk, that make a naive reader loop forever or
// fill memory. They are valid enough for a reader to go looking.

// SelfKidsPDF is a page tree whose root lists itself as its kids, twice, so
// a walk that follows kids never ends and doubles at every level.
func SelfKidsPDF() []byte {
	return write([][]byte{
		[]byte("<< /Type /Catalog /Pages 2 0 R >>"),
		[]byte("<< /Type /Pages /Count 1 /Kids [2 0 R 2 0 R 3 0 R] >>"),
		[]byte("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"),
	}, "")
}

// SelfParentPDF has a page that is its own parent and no resources, so a
// reader looking up inherited resources climbs the parent chain forever.
func SelfParentPDF() []byte {
	content := "BT /F1 12 Tf 72 720 Td (hello) Tj ET"
	return write([][]byte{
		[]byte("<< /Type /Catalog /Pages 2 0 R >>"),
		[]byte("<< /Type /Pages /Count 1 /Kids [3 0 R] >>"),
		[]byte("<< /Type /Page /Parent 3 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>"),
		fmt.Appendf(nil, "<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}, "")
}

// PrevLoopPDF's cross-reference table names itself as the previous one, so
// a reader following the chain of updates reads it forever.
func PrevLoopPDF() []byte {
	return write([][]byte{
		[]byte("<< /Type /Catalog /Pages 2 0 R >>"),
		[]byte("<< /Type /Pages /Count 0 /Kids [] >>"),
	}, "/Prev %[1]d")
}

// FlateBombPDF has one page whose content stream, a few hundred times
// smaller on disk, inflates to at least inflated bytes: one string of 'A's
// shown with Tj. Its checksum is wrong; a reader fails long before it.
func FlateBombPDF(inflated int64) []byte {
	var z bytes.Buffer
	w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	w.Write([]byte("BT /F1 12 Tf 72 720 Td ("))
	w.Flush()
	start := z.Len()
	w.Write(bytes.Repeat([]byte("A"), 1<<20))
	w.Flush() // ends byte-aligned; the block only refers back within itself
	chunk := bytes.Clone(z.Bytes()[start:])
	for n := int64(2 << 20); n <= inflated; n += 1 << 20 {
		z.Write(chunk)
	}
	tail := []byte(") Tj ET")
	z.WriteByte(1) // a final stored block
	z.Write(binary.LittleEndian.AppendUint16(nil, uint16(len(tail))))
	z.Write(binary.LittleEndian.AppendUint16(nil, ^uint16(len(tail))))
	z.Write(tail)
	z.Write([]byte{0, 0, 0, 0})
	stream := fmt.Appendf(nil, "<< /Length %d /Filter /FlateDecode >>\nstream\n", z.Len())
	stream = append(append(stream, z.Bytes()...), "\nendstream"...)
	return write([][]byte{
		[]byte("<< /Type /Catalog /Pages 2 0 R >>"),
		[]byte("<< /Type /Pages /Count 1 /Kids [3 0 R] >>"),
		[]byte("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << >> /Contents 4 0 R >>"),
		stream,
	}, "")
}

// write lays out objects 1..n with a cross-reference table; trailer is
// added to the trailer dictionary, formatted with the table's offset.
func write(objects [][]byte, trailer string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, body := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, body)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, o := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	extra := ""
	if trailer != "" {
		extra = " " + fmt.Sprintf(trailer, xref)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R%s >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, extra, xref)
	return b.Bytes()
}
