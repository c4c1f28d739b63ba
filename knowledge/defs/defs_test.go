package defs

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestEach lists the names each line defines, lowercased and each once,
// as the index keeps them.
func TestEach(t *testing.T) {
	cases := []struct {
		name, lang, text string
		want             []string
	}{
		{"go func and method", "go", "func NewReader(r io.Reader) *Reader {\nfunc (b *Reader) ReadByte() (byte, error) {", []string{"newreader", "readbyte"}},
		{"go type and top-level var", "go", "type Reader struct {\nvar ErrShort = errors.New(\"x\")\nconst maxSize = 10", []string{"reader", "errshort", "maxsize"}},
		{"go group members", "go", "var (\n\tErrNotExist = errNotExist()\n\tErrExist    = x\n)\nvar y = 1", []string{"errnotexist", "errexist", "y"}},
		{"go group value lines are not members", "go", "var (\n\tm = map[string]int{\n\t\tinner: 1,\n\t}\n)", []string{"m"}},
		{"go anonymous func", "go", "func() {\n\tgo func() {}()", nil},
		{"locals are not definitions", "go", "\tvar n int\n\tconst k = 2\n\tx := 1", nil},
		{"comments and calls", "go", "// func Foo is documented\nfoo.Bar()\nreturn func(x int) {}", nil},
		{"typescript", "typescript", "export default function render() {}\nexport const Button = () => null;\nexport interface Props {}\ntype Id = string;\nexport async function* items() {}",
			[]string{"render", "button", "props", "id", "items"}},
		{"python", "python", "class Parser:\n    def parse(self):\n        pass\nasync def main():", []string{"parser", "parse", "main"}},
		{"rust", "rust", "pub(crate) fn load() {}\npub struct Config {}\nimpl Config {\n    pub fn new() -> Self {}\n}\ntrait Store {}", []string{"load", "config", "new", "store"}},
		{"c const qualifies a type", "c", "const char *name = \"x\";\nstruct node {\nenum color { RED };", []string{"node", "color"}},
		{"not a name of its own", "javascript", "module.exports = x;\ntype(x)\nclass {", nil},
		{"a name defined twice counts once", "go", "func init() {}\nfunc init() {}", []string{"init"}},
		{"c functions", "c", "static inline int parse_args(int argc, char **argv)\n{\nint main(void) {\nstruct node *make_node(int v) {\nvoid proto(int x);\n\tfoo(bar);\nx = compute(1,\nreturn done(x);\n#define MAX(a, b) ((a) > (b))",
			[]string{"parse_args", "main", "make_node", "max"}},
		{"c++ methods and enum class", "cpp", "std::string Parser::name(int x) const {\nFoo::Foo(int x) : a(x) {\nenum class Color { Red };\ntemplate <typename T>\npublic:\n} else if (x) {",
			[]string{"name", "foo", "color"}},
		{"java", "java", "public class Server extends Base {\n    @Override\n    public static void main(String[] args) {\n    private final Map<String, Integer> counts = new HashMap<>();\n    synchronized (lock) {\n        return new Foo(x);\n        foo.bar(x);\n    case FOO:",
			[]string{"server", "main", "counts"}},
		{"c#", "csharp", "    public async Task<int> GetAsync(string id)\n    var x = Foo(1);\n    await Run();\n    get { return x; }",
			[]string{"getasync"}},
		{"class methods after a modifier", "typescript", "  static create(x: number) {\n  private handle(e: Event): void {\n  render() {\n  export default connect(a)(B);",
			[]string{"create", "handle", "render"}},
		{"methods named by themselves", "typescript", "class A {\n  render() {\n  get size(): number {\n  static get instance() {\n  constructor(props) {\n  handle<T>(e: T): Promise<void> {\n  if (x) {\n  describe('x', () => {\n  foo(bar);\n  items.map((x) => {\n  on(e) => {\n}\nfoo() {\n  set(key, value) {",
			[]string{"a", "render", "size", "instance", "handle", "set"}},
		{"constructors", "java", "    Server(int port) {\n    synchronized (lock) {\n    this(8080);\n    Server(int port) throws IOException {\n    foo(x).bar(y) {",
			[]string{"server"}},
		{"c# constructors", "csharp", "    lock (gate) {\n    Parser(string s) : base(s) {\n    foreach (var x in xs) {\n    using (var r = Open()) {",
			[]string{"parser"}},
		{"prose defines nothing", "markdown", "Type a command\nclass of 2020\nfunction keys\nconst x = 1", nil},
		{"data defines nothing", "yaml", "type: service\nclass Foo", nil},
		{"c macros", "c", "#define MAX_LEN 10\n#  define  SQUARE(x) ((x) * (x))\n#include <stdio.h>\n#undef MAX_LEN\n#definitely", []string{"max_len", "square"}},
		{"c return type above", "c", "static int\nparse_args (int argc, char **argv)\n{\nstruct node *\nmake_node(int v)\n{\nint\nproto(int x);\n#endif\nafter_directive(x)\n/* note */\nafter_comment(y)\n}\nafter_brace(z)\nx = 1\nafter_statement(w)\n\tint\nafter_indented(v)",
			[]string{"parse_args", "make_node"}},
		{"generics and qualified names", "kotlin", "fun <T> List<T>.second(): T {\nfun String.shout() = uppercase()\nclass Box<T>(val v: T)\nfun plain() {}",
			[]string{"second", "shout", "box", "plain"}},
		{"ruby singleton methods", "ruby", "def self.create(attrs)\n  def save\n", []string{"create", "save"}},
		{"lua module functions", "lua", "function M.setup(opts)\nlocal function helper()\n", []string{"setup", "helper"}},
		{"rust macros", "rust", "macro_rules! vec_of {\n", []string{"vec_of"}},
		{"annotations", "swift", "@objc func tapped() {}\n@MainActor class Model {}\n@available(iOS 15, *) struct Row {}\n@Published var items", []string{"tapped", "model", "row", "items"}},
		{"functions assigned to properties", "javascript", "module.exports.load = function (path) {\nParser.prototype.parse = async function () {\nexports.run = (opts) => {\nexports.name = 'x';\nfoo.bar = baz;\nx = function () {}\n  obj.inner = function () {\nif (a.b == function () {}) {",
			[]string{"load", "parse", "run"}},
		{"java generic methods", "java", "    public static <T> List<T> copy(List<T> in) {\n    private <K, V> void put(K k, V v) {", []string{"copy", "put"}},
		{"java annotation on the line", "java", "    @Override public String toString() {\n    @Test void parses() {", []string{"tostring", "parses"}},
		{"python assignments", "python", "MAX_SIZE = 10\ntimeout: float = 2.5\nif x == 1:\ntry:\nx.y = 1\n    local = 3\nprint(x)",
			[]string{"max_size", "timeout"}},
		{"many names, each once", "go", strings.Repeat("var (\n\tA = 1\n)\n", 3) + manyConsts(40) + manyConsts(40), constNames(40)},
		{"go struct fields and interface methods", "go", "type Client struct {\n\t// Timeout bounds a request.\n\tTimeout time.Duration\n\tjar, cache Store\n\tsync.Mutex\n\tEmbedded\n\tnested struct {\n\t\tinner int\n\t}\n}\nfunc f() {\n\tlocal := 1\n}\ntype Store interface {\n\tGet(key string) ([]byte, error)\n\tio.Closer\n}\ntype Pair[T any] struct {\n\tA, B T\n}",
			[]string{"client", "timeout", "jar", "nested", "f", "store", "get", "pair", "a"}},
		{"struct bodies are Go's", "c", "type X struct {\n\tfield int\n}", []string{"x"}},
		{"crlf lines", "go", "type A int\r\nvar (\r\n\tB = 1\r\n)\r\n", []string{"a", "b"}},
		{"typescript interface members", "typescript", "export interface Options {\n  timeout?: number;\n  readonly name: string;\n  get(key: string): Value;\n  on<T>(e: T): void;\n  [key: string]: unknown;\n  nested: {\n    inner: string;\n  };\n  // note: not a member\n  new (x: number): Options;\n}\nconst x = {\n  notAField: 1,\n};",
			[]string{"options", "timeout", "name", "get", "on", "nested", "x"}},
		{"typescript class fields", "typescript", "export class Store extends Base {\n  private cache = new Map();\n  static defaults: Options = {};\n  #secret = 1;\n  declare readonly id!: string;\n  count;\n  @Input() value: string;\n  static: boolean;\n  constructor(x) {\n    this.y = 1;\n    let z: number = 2;\n  }\n  render() {\n  }\n  if (x) {\n}\nlet after = 1;",
			[]string{"store", "cache", "defaults", "secret", "id", "count", "value", "static", "render", "after"}},
		{"typescript enums and object types", "typescript", "enum Color {\n  Red = 1,\n  Green,\n  Blue\n}\ntype Props = {\n  title: string;\n  onClose?: () => void;\n};\nfunction f() {\n  const o = {\n    key: 1,\n  };\n}",
			[]string{"color", "red", "green", "blue", "props", "title", "onclose", "f"}},
		{"typescript bodies within bodies", "typescript", "namespace N {\n  export interface A {\n    a: string;\n    inner: {\n      b: number;\n    };\n    c: number;\n  }\n  export class B {\n    d = 1;\n  }\n}",
			[]string{"a", "inner", "c", "b", "d"}},
		{"rust struct fields and enum variants", "rust", "pub struct Config {\n    pub name: String,\n    pub(crate) timeout: u64,\n    retries: u32,\n    #[serde(default)]\n    verbose: bool,\n}\nenum Shape {\n    Circle(f64),\n    Rect { w: f64, h: f64 },\n    Empty,\n    Unit = 3,\n}\nimpl Config {\n    pub fn new() -> Self {\n        let x: u32 = 1;\n        Self { name: x }\n    }\n}\nstruct Pair(u32, u32);",
			[]string{"config", "name", "timeout", "retries", "verbose", "shape", "circle", "rect", "empty", "unit", "new", "pair"}},
		{"python class attributes", "python", "class Config(Base):\n    \"\"\"Settings.\n\n    Args:\n    Note: this class is old.\n    \"\"\"\n    timeout: int = 5\n    name = 'x'\n    MAX_RETRIES = 3\n    items: list[str]\n    if TYPE_CHECKING:\n        hidden = 1\n    def load(self):\n        self.cache = {}\n        local = 2\n    class Meta:\n        ordering = ['name']\nafter = 1",
			[]string{"config", "timeout", "name", "max_retries", "items", "load", "meta", "ordering", "after"}},
		{"kotlin properties and enum entries", "kotlin", "data class User(val id: Long) {\n    val name: String = \"\"\n    private var count = 0\n    lateinit var repo: Repo\n    fun greet() {\n        val local = 1\n    }\n}\nenum class Color {\n    RED,\n    GREEN;\n}",
			[]string{"user", "name", "count", "repo", "greet", "color", "red", "green"}},
		{"swift properties and cases", "swift", "struct Point {\n    var x: Double\n    let y = 0.0\n    static let origin = Point()\n    private(set) var count = 0\n    func norm() -> Double {\n        let local = 1\n    }\n}\nenum Dir {\n    case north\n    case south, east\n}",
			[]string{"point", "x", "y", "origin", "count", "norm", "dir", "north", "south"}},
		{"java fields", "java", "public class Cache<K, V> {\n    private static final long serialVersionUID = 1L;\n    private final Map<K, List<V>> entries = new HashMap<>();\n    int[] sizes;\n    @Inject Clock clock;\n    static {\n        int local = 0;\n    }\n    private static class Node<K, V> {\n        K key;\n    }\n    public int size() {\n        return entries.size();\n    }\n}\nenum Color {\n    RED(\"r\"),\n    GREEN;\n}",
			[]string{"cache", "serialversionuid", "entries", "sizes", "clock", "node", "key", "size", "color", "red", "green"}},
		{"c# fields, properties and events", "csharp", "public class User {\n    public string Name { get; set; }\n    private int? _age;\n    public event EventHandler Changed;\n    public User(string name) {\n    }\n}",
			[]string{"user", "name", "_age", "changed"}},
		{"c struct fields", "c", "struct node {\n    int value;\n    struct node *next;\n    char name[32];\n    unsigned long flags;\n    int (*fn)(void);\n};\ntypedef struct {\n    double x, y;\n} point_t;\nstruct node *make_node(int v) {\n    struct node *n = malloc(sizeof *n);\n}",
			[]string{"node", "value", "next", "name", "flags", "x", "make_node"}},
		{"member shapes are not other languages'", "java", "class A {\n  count = 0;\n  name: string;\n}", []string{"a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := names(c.text, c.lang); !slices.Equal(got, c.want) {
				t.Errorf("names defined = %q, want %q", got, c.want)
			}
		})
	}
}

// names lists the names text, a file of lang, defines, lowercased and
// each once; nil for a language whose files define nothing.
func names(text, lang string) []string {
	r, ok := RulesFor(lang)
	if !ok {
		return nil
	}
	var out []string
	Each([]byte(text), r, func(name []byte) bool {
		if n := strings.ToLower(string(name)); !slices.Contains(out, n) {
			out = append(out, n)
		}
		return true
	})
	return out
}

func manyConsts(n int) string {
	var b strings.Builder
	b.WriteString("const (\n")
	for i := range n {
		fmt.Fprintf(&b, "\tC%d = %d\n", i, i)
	}
	b.WriteString(")\n")
	return b.String()
}

func constNames(n int) []string {
	names := []string{"a"}
	for i := range n {
		names = append(names, fmt.Sprintf("c%d", i))
	}
	return names
}
