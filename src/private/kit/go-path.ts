/*
 * Go's `path` functions, as the tools name a state object with them (gcs, cos and oss
 * backend_state.go stateFile), and as forEachStack joins a stack's path to a shared prefix.
 */

/** Go's `path.Join`: the non-empty elements joined by "/", then cleaned as `path.Clean` does. */
export function joinPath(...elements: string[]): string {
  const joined = elements.filter((e) => e !== '').join('/');
  return joined === '' ? '' : cleanPath(joined);
}

/** Go's `path.Clean`: one slash between elements, no `.` elements, `..` resolved lexically. */
export function cleanPath(p: string): string {
  if (p === '') return '.';
  const rooted = p.startsWith('/');
  const out: string[] = [];
  for (const part of p.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.length > 0 && out[out.length - 1] !== '..') out.pop();
      else if (!rooted) out.push('..');
      continue;
    }
    out.push(part);
  }
  const cleaned = (rooted ? '/' : '') + out.join('/');
  return cleaned === '' ? '.' : cleaned;
}
