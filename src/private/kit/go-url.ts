/*
 * Go's net/url, as far as a tool's request URL reads a name the user wrote into it: the path that
 * `url.ParseRequestURI` takes from text (no fragment, the query after the first "?", %XX escapes
 * decoded), for stores whose SDK puts a name into a URL unescaped (terraform 1.11+'s AzureRM key).
 */

/** What `url.ParseRequestURI` makes of text that ends a URL's path: the decoded path, and whether a query was cut off. */
export interface GoRequestPath {
  readonly path: string;
  readonly query: boolean;
}

const HEX = /^[0-9A-Fa-f]{2}$/;

/**
 * The path Go's `url.ParseRequestURI` reads from `text` (net/url parse: the text after the first
 * "?" is the query, "#" is part of the path in a request URI; setPath unescapes the path), or
 * undefined where it refuses the URL: a control character anywhere ("net/url: invalid control
 * character in URL"), or a "%" not followed by two hex digits in the path ("invalid URL escape").
 */
export function goRequestPath(text: string): GoRequestPath | undefined {
  // (stringContainsCTLByte: bytes below 0x20 and 0x7f, in the whole URL)
  if (/[\u0000-\u001f\u007f]/.test(text)) return undefined;
  const cut = text.indexOf('?');
  const path = goUnescape(cut < 0 ? text : text.slice(0, cut));
  return path === undefined ? undefined : { path, query: cut >= 0 };
}

/**
 * Go's `url.PathUnescape`: each %XX to its byte ("+" stays "+"), undefined at a "%" without two hex
 * digits. The bytes are read as UTF-8; a byte no UTF-8 sequence holds becomes a lone surrogate
 * (U+DC80-U+DCFF, as Python's surrogateescape), so two texts decode to one string only where Go
 * decodes them to the same bytes.
 */
export function goUnescape(text: string): string | undefined {
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  const utf8 = Buffer.from(text, 'utf8');
  for (let i = 0; i < utf8.length; i++) {
    if (utf8[i] !== 0x25) {
      bytes.push(utf8[i]);
      continue;
    }
    const hex = utf8.subarray(i + 1, i + 3).toString('latin1');
    if (!HEX.test(hex)) return undefined;
    bytes.push(parseInt(hex, 16));
    i += 2;
  }
  return decodeUtf8(Uint8Array.from(bytes));
}

/** UTF-8 bytes as text, each byte outside a well-formed sequence as a lone surrogate U+DC80-U+DCFF. */
function decodeUtf8(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length;) {
    const n = sequenceLength(bytes, i);
    if (n === 0) {
      out += String.fromCharCode(0xdc00 + bytes[i]);
      i++;
    } else {
      out += Buffer.from(bytes.subarray(i, i + n)).toString('utf8');
      i += n;
    }
  }
  return out;
}

/** The length of the well-formed UTF-8 sequence at `i` (RFC 3629: no overlong forms or surrogates), or 0. */
function sequenceLength(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c < 0x80) return 1;
  const cont = (k: number, lo = 0x80, hi = 0xbf) => i + k < b.length && b[i + k] >= lo && b[i + k] <= hi;
  if (c >= 0xc2 && c <= 0xdf) return cont(1) ? 2 : 0;
  if (c >= 0xe0 && c <= 0xef) {
    const [lo, hi] = c === 0xe0 ? [0xa0, 0xbf] : c === 0xed ? [0x80, 0x9f] : [0x80, 0xbf];
    return cont(1, lo, hi) && cont(2) ? 3 : 0;
  }
  if (c >= 0xf0 && c <= 0xf4) {
    const [lo, hi] = c === 0xf0 ? [0x90, 0xbf] : c === 0xf4 ? [0x80, 0x8f] : [0x80, 0xbf];
    return cont(1, lo, hi) && cont(2) && cont(3) ? 4 : 0;
  }
  return 0;
}
