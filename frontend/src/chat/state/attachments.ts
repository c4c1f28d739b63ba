// Images and PDFs the person attaches to a message: read in the page, shown
// as thumbnails, sent as base64 with the prompt (the Go side checks, strips
// and fits them to the provider).

/** What the composer takes as an attachment; other files paste as text. */
export const ATTACHABLE = ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"] as const;

/** The largest file attached (the bridge carries it as base64 in one call). */
export const MAX_ATTACH_BYTES = 20 * 1024 * 1024;
/** The most files one message takes (the Go side's conversation.MaxFiles). */
export const MAX_ATTACHMENTS = 20;

/** A file attached to a message: its bytes while drafted, or a stored one's digest. */
export interface AttachmentRef {
  name: string;
  mediaType: string;
  size: number;
  /** a data: URL of the file, while the page holds it */
  dataUrl?: string;
  /** a stored attachment's SHA-256, fetched through the bridge when shown */
  sha256?: string;
}

/** A drafted attachment, in the composer until sent. */
export interface Draft extends AttachmentRef {
  id: string;
  dataUrl: string;
}

interface AttachFile {
  name: string;
  size: number;
  type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export function isAttachable(f: { type: string; name: string }): boolean {
  if ((ATTACHABLE as readonly string[]).includes(f.type)) return true;
  // Some file managers give no type; the extension then decides.
  return f.type === "" && /\.(png|jpe?g|gif|webp|pdf)$/i.test(f.name);
}

function typeOf(f: { type: string; name: string }): string {
  if (f.type !== "") return f.type;
  const ext = f.name.toLowerCase().split(".").pop() ?? "";
  return { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp", pdf: "application/pdf" }[ext] ?? "";
}

export function humanSize(n: number): string {
  if (n >= 1024 * 1024) return `${(n / (1024 * 1024)).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} bytes`;
}

function base64Of(buf: ArrayBuffer): string {
  const bytes = new Uint8Array(buf);
  let bin = "";
  // In slices: String.fromCharCode takes its arguments on the stack.
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

let nextId = 0;

/**
 * readAttachments turns files into drafts, given how many are drafted
 * already; files left out are named with why.
 */
export async function readAttachments(files: ArrayLike<AttachFile>, have = 0): Promise<{ drafts: Draft[]; skipped: string[] }> {
  const drafts: Draft[] = [];
  const skipped: string[] = [];
  for (const f of Array.from(files)) {
    const mediaType = typeOf(f);
    if (!isAttachable({ type: mediaType, name: f.name })) {
      skipped.push(`${f.name} (not a PNG, JPEG, GIF, WebP image or PDF)`);
    } else if (f.size === 0) {
      skipped.push(`${f.name} (empty)`);
    } else if (f.size > MAX_ATTACH_BYTES) {
      skipped.push(`${f.name} (${humanSize(f.size)}, over ${humanSize(MAX_ATTACH_BYTES)})`);
    } else if (have + drafts.length >= MAX_ATTACHMENTS) {
      skipped.push(`${f.name} (at most ${MAX_ATTACHMENTS} files go with one message)`);
    } else {
      const data = base64Of(await f.arrayBuffer());
      drafts.push({ id: `a${++nextId}`, name: f.name || "pasted", mediaType, size: f.size, dataUrl: `data:${mediaType};base64,${data}` });
    }
  }
  return { drafts, skipped };
}

/** The base64 payload of a data: URL, as the bound SendWith takes it. */
export function payloadOf(dataUrl: string): string {
  const at = dataUrl.indexOf(",");
  return at < 0 ? "" : dataUrl.slice(at + 1);
}

/** A pasted screenshot is often called image.png; numbered names keep several apart. */
export function uniqueNames<T extends { name: string }>(have: { name: string }[], add: T[]): T[] {
  const taken = new Set(have.map((d) => d.name));
  return add.map((d) => {
    if (!taken.has(d.name)) {
      taken.add(d.name);
      return d;
    }
    const dot = d.name.lastIndexOf(".");
    const [stem, ext] = dot > 0 ? [d.name.slice(0, dot), d.name.slice(dot)] : [d.name, ""];
    let n = 2;
    while (taken.has(`${stem}-${n}${ext}`)) n++;
    const name = `${stem}-${n}${ext}`;
    taken.add(name);
    return { ...d, name };
  });
}
