package knowledge

// defRules say how a language's lines define names beyond the keywords
// every language shares.
type defRules struct {
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
	// (defmembers.go).
	typeBodies bool
}

// rulesFor says how files of lang define names; false for prose and
// data, whose lines define nothing ("Type a command" would define "a").
func rulesFor(lang string) (defRules, bool) {
	switch lang {
	case "c", "cpp", "objc":
		return defRules{typedFuncs: true, macros: true, typeAbove: true, typeBodies: true}, true
	case "java", "csharp":
		return defRules{topLevelVars: true, typedFuncs: true, bareMethods: true, typeBodies: true}, true
	case "javascript", "typescript", "vue", "svelte":
		return defRules{topLevelVars: true, bareMethods: true, typeBodies: true}, true
	case "rust":
		return defRules{topLevelVars: true, typeBodies: true}, true
	case "python":
		return defRules{topLevelVars: true, assignments: true, typeBodies: true}, true
	case "kotlin", "swift", "scala":
		return defRules{topLevelVars: true, typeBodies: true}, true
	case "go":
		return defRules{topLevelVars: true, goMembers: true}, true
	case "markdown", "rst", "text", "tex", "json", "yaml", "toml", "xml", "ini", "gomod", "css":
		return defRules{}, false
	}
	return defRules{topLevelVars: true}, true
}
