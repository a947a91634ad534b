/**
 * The check made before a size is measured (bench/patterns.ts): one pair of runs is kept, and
 *
 * - neither variant recorded an annotation (a warning in (a) alone would make the runs unequal);
 * - both wrote the same stacks, and stack by stack the same `cdk.tf.json`, with one allowed
 *   difference: in `from-init`, (a)'s block leaves the bucket to init, and (a)'s block merged with
 *   its `prod.tfbackend` (as init merges them) must be (b)'s block;
 * - (a) wrote its extra files and nothing else: the config files of the pattern, with the values
 *   bench/patterns-app.ts gives, and `state-map.json` with one entry per stack;
 * - what was written is what bench/patterns-app.ts defines: each stack's backend block, its output,
 *   and in `cross-stack` the remote state of the previous stack and the local reading it. This is
 *   what holds the Java and Python children, which repeat the values literally, to the definition.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { Variant } from './app';
import { Pattern, SPECS, expectedBlock, expectedOutput } from './patterns-app';

export function checkPair(pattern: Pattern, stacks: number, dirs: Readonly<Record<Variant, string>>): void {
  const spec = SPECS[pattern];
  const fail = (what: string): never => {
    throw new Error(`${pattern}, S=${stacks}: ${what} (outdirs kept: ${dirs.a}, ${dirs.b})`);
  };
  const names = Array.from({ length: stacks }, (_, s) => `stack-${s}`);
  for (const v of ['a', 'b'] as const) {
    const manifest = readJson(path.join(dirs[v], 'manifest.json'));
    const entries = manifest.stacks as Record<string, { annotations?: unknown[] }>;
    if (!same(Object.keys(entries).sort(), [...names].sort())) fail(`variant ${v} wrote stacks ${Object.keys(entries).slice(0, 5).join(', ')}...`);
    const annotations = Object.values(entries).flatMap((e) => e.annotations ?? []);
    if (annotations.length > 0) fail(`variant ${v} recorded annotations: ${JSON.stringify(annotations.slice(0, 2))}`);
  }
  expectEntries(dirs.a, ['manifest.json', 'stacks', 'state-map.json'], fail);
  expectEntries(dirs.b, ['manifest.json', 'stacks'], fail);
  const stateMap = readJson(path.join(dirs.a, 'state-map.json')).stacks as Array<{ stack: string; backend: string }>;
  if (!same(stateMap.map((e) => [e.stack, e.backend]).sort(), names.map((n) => [n, spec.store]).sort())) {
    fail(`(a)'s state-map.json does not list each stack once on ${spec.store}`);
  }
  const files = Object.keys(spec.configFiles ?? {}).map((n) => `${n}.tfbackend`);
  for (let s = 0; s < stacks; s++) {
    const dir = (v: Variant) => path.join(dirs[v], 'stacks', `stack-${s}`);
    expectEntries(dir('a'), ['cdk.tf.json', ...files], fail);
    expectEntries(dir('b'), ['cdk.tf.json'], fail);
    for (const [name, values] of Object.entries(spec.configFiles ?? {})) {
      const read = readBackendFile(path.join(dir('a'), `${name}.tfbackend`));
      if (!same(read, values)) fail(`stack-${s}: (a)'s ${name}.tfbackend holds ${JSON.stringify(read)}, expected ${JSON.stringify(values)}`);
    }
    const a = readJson(path.join(dir('a'), 'cdk.tf.json'));
    const b = readJson(path.join(dir('b'), 'cdk.tf.json'));
    if (spec.mergedFile) {
      const block = a.terraform.backend[spec.store];
      a.terraform.backend[spec.store] = { ...block, ...readBackendFile(path.join(dir('a'), `${spec.mergedFile}.tfbackend`)) };
    }
    if (!same(a, b)) fail(`stack-${s}: the two variants wrote different configurations`);
    const expected = expectedBlock(pattern, s);
    if (!same(b.terraform?.backend, { [spec.store]: expected })) {
      fail(`stack-${s}: backend ${JSON.stringify(b.terraform?.backend)}, expected ${JSON.stringify({ [spec.store]: expected })}`);
    }
    if (b.output?.name?.value !== expectedOutput(pattern, s)) fail(`stack-${s}: output name ${JSON.stringify(b.output?.name)}, expected ${expectedOutput(pattern, s)}`);
    if (spec.crossStack) checkCrossStack(pattern, s, b, fail);
  }
}

/** Stack `s` reads stack `s-1`'s object through the remote state cdktf made, and its local reads that. */
function checkCrossStack(pattern: Pattern, s: number, json: any, fail: (what: string) => never): void {
  if (s === 0) {
    if (json.locals?.value !== 'stack-0' || json.data !== undefined) fail('stack-0: expected the local "stack-0" and no remote state');
    return;
  }
  const id = `cross-stack-reference-input-stack-${s - 1}`;
  const remote = json.data?.terraform_remote_state?.[id];
  const expected = { backend: SPECS[pattern].store, config: expectedBlock(pattern, s - 1), workspace: '${terraform.workspace}' };
  if (!same(remote, expected)) fail(`stack-${s}: remote state ${JSON.stringify(remote)}, expected ${JSON.stringify(expected)}`);
  const local = `\${data.terraform_remote_state.${id}.outputs.cross-stack-output-localvalue}`;
  if (json.locals?.value !== local) fail(`stack-${s}: local ${JSON.stringify(json.locals?.value)}, expected ${local}`);
}

/**
 * Deep equality by canonical JSON (object keys sorted): the values compared come from JSON files
 * and from code that may run in another realm (jest's), where util.isDeepStrictEqual sees two
 * Array prototypes.
 */
function same(x: unknown, y: unknown): boolean {
  return canonical(x) === canonical(y);
}

function canonical(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonical).join(',')}]`;
  if (x !== null && typeof x === 'object') {
    return `{${Object.keys(x).sort().map((k) => `${JSON.stringify(k)}:${canonical((x as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(x) ?? 'undefined';
}

function expectEntries(dir: string, expected: readonly string[], fail: (what: string) => never): void {
  const found = fs.readdirSync(dir).sort();
  if (!same(found, [...expected].sort())) fail(`${dir} holds ${found.join(', ')}, expected ${[...expected].sort().join(', ')}`);
}

function readJson(file: string): any {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** A `.tfbackend` file of string values (`bucket = "acme-tfstate-prod"`), as an object. */
function readBackendFile(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n').filter((l) => l.trim() !== '')) {
    const m = /^\s*([a-z_]+)\s*=\s*("(?:[^"\\]|\\.)*")\s*$/.exec(line);
    if (!m) throw new Error(`${file}: cannot read ${JSON.stringify(line)}`);
    values[m[1]] = JSON.parse(m[2]) as string;
  }
  return values;
}
