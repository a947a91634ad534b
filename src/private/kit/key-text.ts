/*
 * Key text as the tools read it: base64 decoded as Go decodes it, and whether a value is read as a
 * file path or as the key itself.
 */

/**
 * Number of bytes `text` decodes to, exactly as Go's `base64.StdEncoding.DecodeString` decodes it
 * (standard alphabet, `=` padding required, `\r` and `\n` skipped), or undefined where Go fails.
 */
export function decodeBase64(text: string): number | undefined {
  const s = text.replace(/[\r\n]/g, '');
  if (s.length % 4 !== 0 || !/^[A-Za-z0-9+/]*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(s)) return undefined;
  const padding = s.endsWith('==') ? 2 : s.endsWith('=') ? 1 : 0;
  return (s.length / 4) * 3 - padding;
}

/**
 * A value the tool would read as a file path rather than as the key itself (both tools read a value
 * naming an existing file, else decode the value). A 32-byte key is a key; a value that starts like
 * a path (`/`, `~`, `./`, `../`, `C:\`) or names a file with an extension is a path; otherwise key
 * text is never taken for a path, so it is checked as a key: text with whitespace, and base64 as
 * long as a 16-byte key or longer, padded or not, `/` or no `/`. Short relative names
 * (`keys/state`, `secrets/gcskey00`) stay paths: a false refusal costs more than a missed check.
 */
export function looksLikePath(v: string): boolean {
  if (decodeBase64(v) === 32) return false;
  if (/^(~|\.{0,2}\/|[A-Za-z]:\\)/.test(v) || /\.[A-Za-z0-9]+$/.test(v)) return true;
  if (/\s/.test(v) || (decodeBase64(v) ?? 0) >= 16 || /^[A-Za-z0-9+/]{22,}$/.test(v)) return false;
  return /[\\/]/.test(v);
}
