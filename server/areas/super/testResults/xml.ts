/**
 * A small strict XML reader for test reports (no library: JUnit files are plain elements, attributes,
 * text and CDATA). Malformed input throws XmlError with where it went wrong; doctype and entities
 * beyond the five predefined and numeric ones are refused, so nothing is fetched or expanded.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** the text and CDATA directly inside, joined */
  text: string;
}

export class XmlError extends Error {}

const NAMED: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decode(raw: string, at: number): string {
  return raw.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);|&/g, (whole, ref: string | undefined) => {
    if (!ref) throw new XmlError(`A bare & near character ${at}.`);
    if (ref.startsWith("#x")) return String.fromCodePoint(parseInt(ref.slice(2), 16));
    if (ref.startsWith("#")) return String.fromCodePoint(parseInt(ref.slice(1), 10));
    if (!(ref in NAMED)) throw new XmlError(`An unknown entity &${ref}; near character ${at}.`);
    return NAMED[ref] ?? whole;
  });
}

const NAME = /[A-Za-z_:][\w:.-]*/y;
const ATTRIBUTE = /\s+([A-Za-z_:][\w:.-]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y;
const CLOSE = /\s*>/y;
const TAG_END = /\s*(\/?)>/y;

/** A sticky pattern's match at `at` (patterns are sticky: they match there or not at all). */
function matchAt(pattern: RegExp, source: string, at: number) {
  pattern.lastIndex = at;
  return pattern.exec(source);
}

/** The document's root element. */
export function parseXml(source: string): XmlElement {
  let i = 0;
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  const fail = (what: string): never => {
    throw new XmlError(`${what} near character ${i}.`);
  };
  while (i < source.length) {
    const lt = source.indexOf("<", i);
    const text = source.slice(i, lt === -1 ? source.length : lt);
    if (stack.length) stack[stack.length - 1].text += decode(text, i);
    else if (text.trim()) fail("Text outside the root element");
    if (lt === -1) break;
    i = lt;
    if (source.startsWith("<?", i)) {
      const end = source.indexOf("?>", i);
      if (end === -1) fail("An unclosed <?");
      i = end + 2;
    } else if (source.startsWith("<!--", i)) {
      const end = source.indexOf("-->", i);
      if (end === -1) fail("An unclosed comment");
      i = end + 3;
    } else if (source.startsWith("<![CDATA[", i)) {
      const end = source.indexOf("]]>", i);
      if (end === -1 || !stack.length) fail("A CDATA section out of place");
      stack[stack.length - 1].text += source.slice(i + 9, end);
      i = end + 3;
    } else if (source.startsWith("<!", i)) {
      fail("A document type or declaration (not taken)");
    } else if (source.startsWith("</", i)) {
      const name = matchAt(NAME, source, i + 2)?.[0];
      const open = stack.pop();
      if (!name || !open || open.name !== name) fail(`A closing tag </${name ?? ""}> that matches nothing`);
      i += 2 + name!.length;
      const close = matchAt(CLOSE, source, i);
      if (!close) fail("A closing tag without >");
      i += close![0].length;
    } else {
      const name = matchAt(NAME, source, i + 1)?.[0];
      if (!name) fail("A < that starts no element");
      if (root && !stack.length) fail("A second root element");
      i += 1 + name!.length;
      const element: XmlElement = { name: name!, attributes: {}, children: [], text: "" };
      for (let m = matchAt(ATTRIBUTE, source, i); m; m = matchAt(ATTRIBUTE, source, i)) {
        element.attributes[m[1]] = decode(m[3] ?? m[4] ?? "", i);
        i += m[0].length;
      }
      const end = matchAt(TAG_END, source, i);
      if (!end) fail(`The tag <${name}> is not closed`);
      i += end![0].length;
      if (stack.length) stack[stack.length - 1].children.push(element);
      else root = element;
      if (!end![1]) stack.push(element);
    }
  }
  if (stack.length) throw new XmlError(`The element <${stack[stack.length - 1].name}> is never closed.`);
  if (!root) throw new XmlError("There is no element in the file.");
  return root;
}
