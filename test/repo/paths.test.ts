/**
 * The paths the docs and comments name exist: a file that moves takes its mentions with it.
 * Checked: paths of test files, scripts and sources named in any tracked text file (README,
 * CONTRIBUTING, docs/, comments in src/, test/, scripts/, projenrc/).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

const ROOT = path.join(__dirname, '..', '..');

/**
 * Repository paths in a text: under test/, scripts/, src/, projenrc/, docs/, bench/ or examples/,
 * ending in a file extension. Not a path relative to another folder (`../src/x.ts`, `$dir/src/...`),
 * a template (`test/<store>-backend.test.ts`) or an elision (`test/java/.../Samples.java`).
 */
export function pathsIn(text: string): string[] {
  const found = new Set<string>();
  for (const m of text.matchAll(/(?<![\w./<>$-])(?<!>\s)((?:test|scripts|src|projenrc|docs|bench|examples)\/[\w./-]*\.(?:ts|js|sh|txt|go|py|java|md|json))(?![\w<>-]|\.\w)/g)) {
    if (!m[1].includes('...')) found.add(m[1]);
  }
  return [...found];
}

/** Whether git ignores the path: a file the build or a run writes (bench/results/*-quick.md). */
function ignored(p: string): boolean {
  try {
    execFileSync('git', ['check-ignore', '-q', p], { cwd: ROOT });
    return true;
  } catch {
    return false;
  }
}

test('the scan finds repository paths, not templates', () => {
  // GIVEN prose naming a file, a folder and a template
  const text = 'see test/unit/gcs-backend.test.ts and scripts/judges.sh; a `test/<store>-backend.test.ts`, ../src/x.ts, test/.go-cdktn, test/java/.../A.java or test/java/';

  // THEN only the files are found
  expect(pathsIn(text)).toEqual(['test/unit/gcs-backend.test.ts', 'scripts/judges.sh']);
});

test('every path a tracked file names exists', () => {
  // GIVEN the tracked text files (the generated API docs and the lock file aside)
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0').filter(Boolean)
    .filter((f) => /\.(md|ts|js|sh|txt|go|py|java|json)$/.test(f) && !/(^|\/)(API(\.\w+)?\.md|package-lock\.json)$|(^|\/)\.projen\//.test(f));

  // THEN each named path is in the checkout, or is one git ignores because a run writes it (the
  // subproject's files name paths inside it)
  const missing: string[] = [];
  for (const file of files) {
    const base = file.startsWith('packages/') ? file.split('/').slice(0, 2).join('/') : '.';
    for (const p of pathsIn(fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
      const resolved = path.join(base, p);
      if (!fs.existsSync(path.join(ROOT, resolved)) && !ignored(resolved)) missing.push(`${file}: ${p}`);
    }
  }
  expect(missing).toEqual([]);
});
