// Deterministic model-like Markdown for the benchmarks: prose, lists,
// tables and fenced code, so rendering cost resembles a real answer.
const words = "the agent reads files searches the index edits code runs tests and reports what changed in plain words".split(" ");

function sentence(i: number, n: number): string {
  const out: string[] = [];
  for (let k = 0; k < n; k++) out.push(words[(i * 7 + k * 3) % words.length] ?? "x");
  const s = out.join(" ");
  return s.charAt(0).toUpperCase() + s.slice(1) + ".";
}

/** answer returns a Markdown reply of about `paragraphs` blocks. */
export function answer(i: number, paragraphs: number): string {
  const blocks: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    switch ((i + p) % 5) {
      case 0:
        blocks.push(`${sentence(i + p, 14)} ${sentence(i + p + 1, 9)} See \`main.go\` and **the tests**.`);
        break;
      case 1:
        blocks.push([`- first point about item ${i}`, `- second point with \`code${p}\``, `- third: a [link](https://example.com/${i})`].join("\n"));
        break;
      case 2:
        blocks.push(["```go", `func Sum${i}_${p}(xs []int) (n int) {`, "\tfor _, x := range xs {", "\t\tn += x", "\t}", "\treturn n", "}", "```"].join("\n"));
        break;
      case 3:
        blocks.push(["| file | + | - |", "|---|---|---|", `| main${i}.go | ${p} | 3 |`, "| sum_test.go | 40 | 0 |"].join("\n"));
        break;
      default:
        blocks.push(`## Step ${p}\n\n${sentence(i * 3 + p, 20)}`);
    }
  }
  return blocks.join("\n\n");
}

/** tokens cuts text into pieces of about four characters, like a model's tokens. */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += 4) out.push(text.slice(i, i + 4));
  return out;
}
