/**
 * scripts/lazy-index.js, run on each flavour's lib/index.js after jsii: the package loads a public
 * module when one of its exports is first read, with the same names, getters and lines, for
 * `require`, for `import { X } from` (Node's static detection of a CommonJS module's names) and
 * for jsii's runtime, which reads the exports by name. src/index.ts is compiled here as jsii
 * compiles it (the module kind of tsconfig.json), so a line the script would refuse fails here.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as ts from 'typescript';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { lazyIndex, HELPER } = require('../../scripts/lazy-index.js') as { lazyIndex: (text: string) => string; HELPER: string };
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { cdktnSources } = require('../../scripts/flavour.js') as { cdktnSources: () => Record<string, string> };

const ROOT = path.join(__dirname, '..', '..');

/** `source` compiled as jsii compiles src/ (the compiler options of tsconfig.json). */
function compiled(source: string): string {
  const { compilerOptions } = JSON.parse(fs.readFileSync(path.join(ROOT, 'tsconfig.json'), 'utf8'));
  const options = ts.convertCompilerOptionsFromJson(compilerOptions, ROOT).options;
  return ts.transpileModule(source, { compilerOptions: options, fileName: 'index.ts' }).outputText;
}

/** A package in a temp directory: index.js lazy from `index` (TypeScript), and modules `a` and `b` that record being loaded. */
function packageOf(index: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lazy-index-'));
  fs.writeFileSync(path.join(dir, 'index.js'), lazyIndex(compiled(index)));
  for (const [name, exports] of [['a', ['A']], ['b', ['B', 'C']]] as const) {
    fs.writeFileSync(path.join(dir, `${name}.js`), `globalThis.loaded = [...(globalThis.loaded ?? []), '${name}'];\n` +
      exports.map((e) => `exports.${e} = class ${e} {};`).join('\n'));
  }
  return dir;
}

/** Runs `script` in a fresh node with `dir` as the working directory; its stdout parsed. */
function node(dir: string, script: string, module = false): any {
  const r = spawnSync(process.execPath, [...(module ? ['--input-type=module'] : []), '-e', script], { cwd: dir, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout);
}

const INDEX = "export { A } from './a';\nexport type { AProps } from './a';\nexport { B, C } from './b';\n";

describe('scripts/lazy-index.js', () => {
  test('requiring the package loads no module; reading an export loads its module only', () => {
    // GIVEN a compiled index of two modules, made lazy
    const dir = packageOf(INDEX);
    // WHEN it is required, then one export read
    const seen = node(dir, `const p = require('./index.js'); const before = globalThis.loaded ?? [];
      const name = p.B.name; console.log(JSON.stringify({ before, after: globalThis.loaded, name, keys: Object.keys(p) }));`);
    // THEN nothing loaded at first, then b alone, and every name is there, enumerable
    expect(seen).toEqual({ before: [], after: ['b'], name: 'B', keys: ['A', 'B', 'C'] });
  });

  test('an ES module imports the names (Node finds them without running the module, then reads every one: both load)', () => {
    const dir = packageOf(INDEX);
    const seen = node(dir, "import { A, C } from './index.js'; console.log(JSON.stringify([A.name, C.name, globalThis.loaded.sort()]));", true);
    expect(seen).toEqual(['A', 'C', ['a', 'b']]);
  });

  test('no line of code moves (the source map stays true), and a second run changes nothing', () => {
    const eager = compiled(INDEX).split('\n');
    const lazy = lazyIndex(compiled(INDEX));
    expect(lazy.split('\n').filter((l) => l !== HELPER).map((l) => l.replace(/lazy\(\(\) => (require\("[^"]+"\))\)/, '$1'))).toEqual(eager);
    expect(lazyIndex(lazy)).toBe(lazy);
  });

  test('anything but a re-export in the index fails the script, naming the line', () => {
    expect(() => lazyIndex(compiled(`${INDEX}export const version = '1';\n`))).toThrow(/no re-export of src\/index.ts .*exports\.version = '1'/);
    expect(() => lazyIndex(compiled("import './a';\n"))).toThrow(/no re-export/);
  });

  test.each([
    ['cdktf', () => fs.readFileSync(path.join(ROOT, 'src', 'index.ts'), 'utf8')],
    // (its sources are generated: scripts/flavour.js rewrites src/ and heads each file with a comment)
    ['cdktn', () => cdktnSources()['index.ts']],
  ])('the %s package\'s index compiles to what the script takes, with every value export', (_flavour, read) => {
    const source = read();
    const names = [...source.matchAll(/^export \{ ([^}]+) \} from/gm)].flatMap((m) => m[1].split(',').map((n) => n.trim()));
    const lazy = lazyIndex(compiled(source));
    expect([...lazy.matchAll(/^Object\.defineProperty\(exports, "(\w+)", \{ enumerable: true, get/gm)].map((m) => m[1]).sort()).toEqual(names.sort());
    expect(names.length).toBeGreaterThan(20);
  });
});
