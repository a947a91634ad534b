/**
 * No import cycle anywhere under src/: each module can be read, tested and changed after the
 * modules it imports (target.ts, then target-versions.ts, then check.ts, never the reverse).
 * Type-only imports count too: a cycle of types is still a cycle a reader has to untangle.
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
    // The checks depend on target resolution, which depends on the target values alone.
    expect(graph.get('private/kit/check')).toEqual(expect.arrayContaining(['private/kit/targets', 'private/target/versions', 'private/kit/store']));
    expect(graph.get('private/target/target')).toEqual([]);
  });

  test('the cycle finder finds a cycle, type-only imports included', () => {
    const a = "import type { B } from './b';\nexport const a = 1;";
    const b = "import { c } from './c';\nexport type B = number;";
    const c = "export { a } from './a';\nexport const c = 2;";
    const g = new Map([['a', importsOf('a', a)], ['b', importsOf('b', b)], ['c', importsOf('c', c)], ['d', importsOf('d', "import { a } from './a';")]]);
    expect(cyclesOf(g)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
