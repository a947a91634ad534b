/**
 * No import cycle anywhere under src/: each module can be read, tested and changed after the
 * modules it imports. Type-only imports count too: a cycle of types is still a cycle a reader has
 * to untangle. And the folders of src/private import one way only: each folder's README.md says
 * which folders it may import ("May import: kit, target."), and an import against that fails here,
 * as does an import of a public file (src/*.ts) from src/private. And no file grows past what a
 * reader takes in at once: a private module at most 300 lines, a public one at most 600.
 */
import * as fs from 'fs';
import * as path from 'path';

const SRC = path.join(__dirname, '..', '..', 'src');

/** Every .ts file under `dir`, as paths relative to src/ without the extension. */
function modulesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return modulesUnder(full);
    return entry.name.endsWith('.ts') ? [path.relative(SRC, full).replace(/\.ts$/, '')] : [];
  });
}

/** The modules under src/ that `source` (the text of module `from`) imports, `import type` and `export ... from` included. */
export function importsOf(from: string, source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^\s*(?:import|export)\b[^'";]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
    found.push(path.normalize(path.join(path.dirname(from), m[1])));
  }
  return found;
}

/** Each cycle of `graph` once, as the modules along it (the first repeated at the end). */
export function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return cycles;
}

/** The folders each folder of src/private may import, as its README.md declares them. */
export function declaredDirections(privateDir: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const entry of fs.readdirSync(privateDir, { withFileTypes: true }).filter((e) => e.isDirectory())) {
    const readme = path.join(privateDir, entry.name, 'README.md');
    const line = fs.existsSync(readme) ? /^May import: (.*)\.$/m.exec(fs.readFileSync(readme, 'utf8'))?.[1] : undefined;
    if (line === undefined) throw new Error(`src/private/${entry.name} has no README.md saying "May import: ..."`);
    out.set(entry.name, line === 'nothing else of ours' ? [] : line.split(/,\s*/));
  }
  return out;
}

/** Imports between folders of src/private that their READMEs do not allow, and imports of public files from there. */
export function againstDirection(graph: ReadonlyMap<string, readonly string[]>, allowed: ReadonlyMap<string, readonly string[]>): string[] {
  const folderOf = (m: string) => (m.startsWith('private/') ? m.split('/')[1] : undefined);
  return [...graph].flatMap(([from, to]) => {
    const source = folderOf(from);
    if (source === undefined) return [];
    return to.filter((t) => {
      const target = folderOf(t);
      if (target === undefined) return true;
      return target !== source && !(allowed.get(source) ?? []).includes(target);
    }).map((t) => `${from} -> ${t}`);
  });
}

describe('imports under src/', () => {
  const modules = modulesUnder(SRC);
  // An import of a folder names its index.ts.
  const resolved = (m: string) => (modules.includes(m) ? m : modules.includes(path.join(m, 'index')) ? path.join(m, 'index') : m);
  const graph = new Map(modules.map((m) => [m, importsOf(m, fs.readFileSync(path.join(SRC, `${m}.ts`), 'utf8')).map(resolved)]));

  test('form no cycle', () => {
    expect(cyclesOf(graph).map((c) => c.join(' -> '))).toEqual([]);
  });

  test('are all read: every relative import names a module under src/', () => {
    const unknown = [...graph].flatMap(([from, to]) => to.filter((t) => !graph.has(t)).map((t) => `${from} -> ${t}`));
    expect(unknown).toEqual([]);
    // The checks depend on target resolution, which depends on the releases (data) alone.
    expect(graph.get('private/kit/construct-check')).toEqual(expect.arrayContaining(['private/kit/targets', 'private/target/versions', 'private/kit/store']));
    expect(graph.get('private/target/target')).toEqual(['private/target/releases', 'private/errors/errors']);
    expect(graph.get('private/target/releases')).toEqual([]);
  });

  test('follow the folders\' declared direction (README.md "May import:")', () => {
    const allowed = declaredDirections(path.join(SRC, 'private'));
    // GIVEN the folders of src/private WHEN their imports are compared with their READMEs THEN none goes against them
    expect([...allowed.keys()].sort()).toEqual(['address', 'encryption', 'errors', 'framework', 'kit', 'state-stores', 'stores', 'target']);
    expect(againstDirection(graph, allowed)).toEqual([]);
    expect(allowed.get('errors')).toEqual([]);
    expect(allowed.get('target')).toEqual(['errors']);
  });

  test('fails if a folder imports against its direction, or a public file', () => {
    // GIVEN kit importing stores, stores importing a public file, and an allowed import
    const g = new Map([
      ['private/kit/reader', ['private/stores/gcs', 'private/target/target']],
      ['private/stores/gcs', ['gcs-backend', 'private/kit/schema']],
      ['gcs-backend', ['private/stores/gcs']],
    ]);
    const allowed = new Map([['kit', ['target']], ['stores', ['kit']]]);
    // THEN both wrong imports are named, and nothing else
    expect(againstDirection(g, allowed)).toEqual(['private/kit/reader -> private/stores/gcs', 'private/stores/gcs -> gcs-backend']);
  });

  test('the cycle finder finds a cycle, type-only imports included', () => {
    const a = "import type { B } from './b';\nexport const a = 1;";
    const b = "import { c } from './c';\nexport type B = number;";
    const c = "export { a } from './a';\nexport const c = 2;";
    const g = new Map([['a', importsOf('a', a)], ['b', importsOf('b', b)], ['c', importsOf('c', c)], ['d', importsOf('d', "import { a } from './a';")]]);
    expect(cyclesOf(g)).toEqual([['a', 'b', 'c', 'a']]);
  });
});

/** The files of `modules` longer than their limit: `limit(module)` lines. */
export function overLimit(modules: readonly string[], linesOf: (m: string) => number): string[] {
  const limit = (m: string) => (m.startsWith('private/') ? 300 : 600);
  return modules.filter((m) => linesOf(m) > limit(m)).map((m) => `src/${m}.ts: ${linesOf(m)} lines (at most ${limit(m)})`);
}

describe('files under src/', () => {
  test('are at most 300 lines in src/private and 600 in src/', () => {
    const lines = (m: string) => fs.readFileSync(path.join(SRC, `${m}.ts`), 'utf8').split('\n').length - 1;
    expect(overLimit(modulesUnder(SRC), lines)).toEqual([]);
  });

  test('fails, naming the file and its limit, for a long file', () => {
    const lines = new Map([['private/kit/reader', 301], ['gcs-backend', 600], ['azurerm-backend', 601]]);
    expect(overLimit([...lines.keys()], (m) => lines.get(m)!)).toEqual([
      'src/private/kit/reader.ts: 301 lines (at most 300)',
      'src/azurerm-backend.ts: 601 lines (at most 600)',
    ]);
  });
});
