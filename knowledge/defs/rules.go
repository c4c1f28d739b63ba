package defs

// Rules say how a language's lines define names beyond the keywords
// every language shares.
type Rules struct {
	// topLevelVars: a top-level const, let, var or val defines its name;
	// not so in C, where const qualifies a type ("const char *p").
	topLevelVars bool
	// typedFuncs: a function is its return type, then its name and "(":
	// "static int parse_args(", "public String getName(" (C, C++,
	// Java, C#). A line that ends with ";" declares or calls instead.
	typedFuncs bool
	// assignments: an unindented "NAME = value" (Python).
	assignments bool
	// macros: "#define NAME" (C, C++, Objective-C).
	macros bool
	// typeAbove: an unindented "name(" below a line holding only its
	// return type, GNU's style ("static int\nparse_args (int argc").
	typeAbove bool
	// goMembers: a Go struct's fields and an interface's methods, one
	// tab into the body of a top-level type.
	goMembers bool
	// bareMethods: an indented "name(params) {" with nothing before the
	// name: a JavaScript or TypeScript method ("render() {"), a Java or
	// C# constructor ("Server(int port) {"). A call never ends with the
	// brace of a block, and the statements that do start with a keyword.
	bareMethods bool
	// typeBodies: the members of classes, interfaces, structs and enums
	// (members.go).
	typeBodies bool
}

// RulesFor says how files of lang define names; false for prose and
// data, whose lines define nothing ("Type a command" would define "a").
func RulesFor(lang string) (Rules, bool) {
	switch lang {
	case "c", "cpp", "objc":
		return Rules{typedFuncs: true, macros: true, typeAbove: true, typeBodies: true}, true
	case "java", "csharp":
		return Rules{topLevelVars: true, typedFuncs: true, bareMethods: true, typeBodies: true}, true
	case "javascript", "typescript", "vue", "svelte":
		return Rules{topLevelVars: true, bareMethods: true, typeBodies: true}, true
	case "rust":
		return Rules{topLevelVars: true, typeBodies: true}, true
	case "python":
		return Rules{topLevelVars: true, assignments: true, typeBodies: true}, true
	case "kotlin", "swift", "scala":
		return Rules{topLevelVars: true, typeBodies: true}, true
	case "go":
		return Rules{topLevelVars: true, goMembers: true}, true
	case "markdown", "rst", "text", "tex", "json", "yaml", "toml", "xml", "ini", "gomod", "css":
		return Rules{}, false
	}
	return Rules{topLevelVars: true}, true
}
