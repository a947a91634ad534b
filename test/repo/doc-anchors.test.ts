/**
 * Every link to a section of a Markdown file (`#section`, `FILE.md#section`) names a heading that
 * file has, as GitHub makes its anchors: a section lost in an edit (eight of CONTRIBUTING's once
 * went with one) fails here instead of leaving links that lead nowhere.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');
const markdown = execFileSync('git', ['ls-files', '*.md'], { cwd: ROOT, encoding: 'utf8' }).split('\n').filter(Boolean);

/** GitHub's anchors of a Markdown text's headings (lower case, punctuation dropped, spaces to '-', repeats numbered). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    const m = fenced ? null : /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const slug = m[1].toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

test.each(markdown)('the section links of %s name headings that exist', (file) => {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  const broken: string[] = [];
  for (const m of text.matchAll(/\]\(([^)\s]*?)#([^)\s]+)\)/g)) {
    const [target, anchor] = [m[1], m[2]];
    if (/^[a-z]+:/i.test(target) || (target !== '' && !target.endsWith('.md'))) continue;
    const targetFile = target === '' ? file : path.join(path.dirname(file), target);
    if (!fs.existsSync(path.join(ROOT, targetFile))) {
      broken.push(`${target}#${anchor} (no such file)`);
      continue;
    }
    if (!anchors(fs.readFileSync(path.join(ROOT, targetFile), 'utf8')).has(decodeURIComponent(anchor))) broken.push(`${target}#${anchor}`);
  }
  expect(broken).toEqual([]);
});
