package conversation

import (
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

//go:generate go test -run TestGeneratedProtocolIsCurrent -update

var update = flag.Bool("update", false, "rewrite the generated TypeScript chat protocol")

// generatedProtocol is the TypeScript file the frontend's chat reducer
// imports (through frontend/src/bridge/protocol.ts).
const generatedProtocol = "../../frontend/src/bridge/protocol.gen.ts"

// TestGeneratedProtocolIsCurrent generates the TypeScript types of the chat
// protocol from protocol.go and fails when the checked-in file differs
// (`go generate ./agent/conversation` rewrites it).
func TestGeneratedProtocolIsCurrent(t *testing.T) {
	got, err := generateTS("protocol.go")
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(generatedProtocol, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(generatedProtocol)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Fatalf("%s is stale: run `go generate ./agent/conversation`", generatedProtocol)
	}
}

// generateTS writes one TypeScript interface per struct of file and one
// union per type-set interface. The tags follow tygo's: `tstype:"T"` names
// the TypeScript type, `tstype:",extends"` on an embedded struct extends
// it, `tstype:",required"` keeps a pointer field required; omitempty,
// pointers and `tstype:",optional"` make a field optional.
func generateTS(file string) (string, error) {
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ParseComments)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("// Code generated from agent/conversation/" + file + " by its test; DO NOT EDIT.\n")
	b.WriteString("// Run `go generate ./agent/conversation` after changing the Go side.\n")
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.TYPE {
			continue
		}
		for _, s := range g.Specs {
			ts := s.(*ast.TypeSpec)
			b.WriteString("\n")
			writeDoc(&b, "", g.Doc)
			switch typ := ts.Type.(type) {
			case *ast.StructType:
				if err := writeInterface(&b, ts.Name.Name, typ); err != nil {
					return "", err
				}
			case *ast.InterfaceType:
				var names []string
				for _, m := range typ.Methods.List {
					names = append(names, unionTerms(m.Type)...)
				}
				fmt.Fprintf(&b, "export type %s =\n  | %s;\n", ts.Name.Name, strings.Join(names, "\n  | "))
			default:
				return "", fmt.Errorf("%s: unsupported type %T", ts.Name.Name, ts.Type)
			}
		}
	}
	return b.String(), nil
}

func writeInterface(b *strings.Builder, name string, st *ast.StructType) error {
	var extends []string
	var fields strings.Builder
	for _, fl := range st.Fields.List {
		tag := reflect.StructTag("")
		if fl.Tag != nil {
			raw, err := strconv.Unquote(fl.Tag.Value)
			if err != nil {
				return err
			}
			tag = reflect.StructTag(raw)
		}
		tsName, tsOpts, _ := strings.Cut(tag.Get("tstype"), ",")
		if len(fl.Names) == 0 {
			if !strings.Contains(tsOpts, "extends") {
				return fmt.Errorf("%s: embedded %s needs tstype:\",extends\"", name, tsType(fl.Type))
			}
			extends = append(extends, tsType(fl.Type))
			continue
		}
		jsonName, jsonOpts, _ := strings.Cut(tag.Get("json"), ",")
		if jsonName == "" || jsonName == "-" {
			return fmt.Errorf("%s.%s needs a json name", name, fl.Names[0].Name)
		}
		optional := strings.Contains(jsonOpts, "omitempty") || strings.Contains(tsOpts, "optional")
		typ := fl.Type
		if star, ok := typ.(*ast.StarExpr); ok {
			optional, typ = !strings.Contains(tsOpts, "required"), star.X
		}
		if tsName == "" {
			tsName = tsType(typ)
		}
		writeDoc(&fields, "  ", fl.Doc)
		q := ""
		if optional {
			q = "?"
		}
		fmt.Fprintf(&fields, "  %s%s: %s;\n", jsonName, q, tsName)
	}
	ext := ""
	if len(extends) > 0 {
		ext = " extends " + strings.Join(extends, ", ")
	}
	fmt.Fprintf(b, "export interface %s%s {\n%s}\n", name, ext, fields.String())
	return nil
}

// tsType maps the Go types protocol.go uses onto TypeScript.
func tsType(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.Ident:
		switch t.Name {
		case "string":
			return "string"
		case "bool":
			return "boolean"
		case "int", "int64", "float64":
			return "number"
		case "any":
			return "unknown"
		}
		return t.Name
	case *ast.ArrayType:
		return tsType(t.Elt) + "[]"
	case *ast.StarExpr:
		return tsType(t.X)
	}
	panic(fmt.Sprintf("protocol.go uses a type the generator does not map: %T", e))
}

func unionTerms(e ast.Expr) []string {
	if u, ok := e.(*ast.BinaryExpr); ok && u.Op == token.OR {
		return append(unionTerms(u.X), unionTerms(u.Y)...)
	}
	return []string{tsType(e)}
}

func writeDoc(b *strings.Builder, indent string, doc *ast.CommentGroup) {
	text := strings.TrimSpace(doc.Text())
	if text == "" {
		return
	}
	b.WriteString(indent + "/**\n")
	for _, line := range strings.Split(text, "\n") {
		b.WriteString(strings.TrimRight(indent+" * "+line, " ") + "\n")
	}
	b.WriteString(indent + " */\n")
}
