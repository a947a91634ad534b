/**
 * One rule, one place: every rule id of the catalog (src/private/framework/rule-catalog.ts) has
 * exactly one `describe('<id>', ...)` in test/unit, holding a case where the rule speaks (a title
 * starting "fails if" for an error, "warns if" for a warning) and one where it stays silent. A
 * store's rules are in its file (test/unit/<store>-backend.test.ts), a state store construct's in
 * its own (test/unit/gcs-state-bucket.test.ts), state encryption's in test/unit/state-encryption.test.ts; the tool's side of an error rule is its row in
 * test/judges/tool-refusals.test.ts, test/judges/init-judge.test.ts or a run-time scenario.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { RULE_CATALOG } from '../../src/private/framework/rule-catalog';
import { STATE_STORES } from '../../src/private/state-stores';
import { STORES } from '../../src/private/stores';

const UNIT = path.join(__dirname, '..', 'unit');

/**
 * A `describe` block named by a string literal, with the titles of the tests directly or deeply
 * inside it that run and assert: a skipped or todo test, or one whose body neither calls `expect`
 * nor a function of its file that does, is left out.
 */
export interface RuleBlock {
  readonly file: string;
  readonly name: string;
  readonly tests: readonly string[];
}

/** The title a call to describe/test/it (or their .each/.skip/.only forms) is given, when it is a literal. */
function titleOf(call: ts.CallExpression): { kind: string; title: string; skipped: boolean } | undefined {
  // test.each(table)('title', fn): the callee is itself a call
  let callee: ts.Expression = call.expression;
  if (ts.isCallExpression(callee)) callee = callee.expression;
  let skipped = false;
  while (ts.isPropertyAccessExpression(callee)) {
    skipped ||= ['skip', 'todo'].includes(callee.name.text);
    callee = callee.expression;
  }
  if (!ts.isIdentifier(callee) || !['describe', 'test', 'it'].includes(callee.text)) return undefined;
  const first = call.arguments[0];
  if (!first || !(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first) || ts.isTemplateExpression(first))) return undefined;
  const title = ts.isTemplateExpression(first) ? first.head.text : first.text;
  return { kind: callee.text === 'describe' ? 'describe' : 'test', title, skipped };
}

/** The names of a file's functions that assert (call `expect`, or another such function), to a fixed point. */
function assertingFunctions(source: ts.SourceFile): Set<string> {
  const bodies = new Map<string, ts.Node>();
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && node.body) bodies.set(node.name.text, node.body);
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer
      && (ts.isArrowFunction(node.initializer) || ts.isFunctionExpression(node.initializer))) bodies.set(node.name.text, node.initializer.body);
    ts.forEachChild(node, visit);
  };
  visit(source);
  const asserting = new Set<string>();
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, body] of bodies) {
      if (!asserting.has(name) && calls(body, (callee) => callee === 'expect' || asserting.has(callee))) {
        asserting.add(name);
        grew = true;
      }
    }
  }
  return asserting;
}

/** Whether `node` holds a call whose callee (an identifier, or the start of a chain like `expect(x).toBe`) passes `test`. */
function calls(node: ts.Node, test: (callee: string) => boolean): boolean {
  let found = false;
  const visit = (n: ts.Node) => {
    if (found) return;
    if (ts.isCallExpression(n)) {
      let callee: ts.Expression = n.expression;
      while (ts.isPropertyAccessExpression(callee) || ts.isCallExpression(callee)) callee = callee.expression;
      if (ts.isIdentifier(callee) && test(callee.text)) found = true;
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

/** Every describe block of a source text, with the tests inside it. */
export function ruleBlocks(file: string, text: string): RuleBlock[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const asserting = assertingFunctions(source);
  // The test's function, or the name of one of the file's (test.each(cases)('title', refusedAsListed)).
  const asserts = (call: ts.CallExpression) => call.arguments.slice(1)
    .some((a) => (ts.isIdentifier(a) ? asserting.has(a.text) : calls(a, (c) => c === 'expect' || asserting.has(c))));
  const blocks: RuleBlock[] = [];
  const visit = (node: ts.Node, open: Array<{ name: string; tests: string[] }>) => {
    if (ts.isCallExpression(node)) {
      const t = titleOf(node);
      if (t?.kind === 'describe') {
        const block = { name: t.title, tests: [] as string[] };
        blocks.push({ file, name: block.name, tests: block.tests });
        node.arguments.slice(1).forEach((a) => visit(a, [...open, block]));
        return;
      }
      if (t?.kind === 'test' && !t.skipped && asserts(node)) open.forEach((b) => b.tests.push(t.title));
    }
    ts.forEachChild(node, (child) => visit(child, open));
  };
  visit(source, []);
  return blocks;
}

function unitFiles(dir = UNIT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? unitFiles(full) : e.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Where a rule's describe block must be, if anywhere in particular. */
function homeOf(id: string): string | undefined {
  const prefix = id.split('/')[0];
  if (STORES.some((s) => s.backend === prefix)) return `${prefix}-backend.test.ts`;
  if (prefix === 'encryption') return 'state-encryption.test.ts';
  // A state store's construct's rules: in the test file of its public file (GcsStateBucket: gcs-state-bucket.test.ts).
  const store = STATE_STORES.find((s) => s.name === prefix);
  if (store) return `${store.names.construct.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}.test.ts`;
  return undefined;
}

/** What is wrong with the rules' blocks: a missing or repeated block, one out of its file, one without both cases. */
export function ruleBlockProblems(catalog: ReadonlyArray<{ id: string; severity: 'error' | 'warning' }>, blocks: readonly RuleBlock[]): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const { id, severity } of catalog) {
    if (seen.has(id)) continue;
    seen.add(id);
    const mine = blocks.filter((b) => b.name === id);
    if (mine.length === 0) {
      problems.push(`${id}: no describe('${id}') in test/unit`);
      continue;
    }
    if (mine.length > 1) problems.push(`${id}: ${mine.length} describe('${id}') blocks (${mine.map((b) => path.relative(UNIT, b.file)).join(', ')}), expected one`);
    const home = homeOf(id);
    const block = mine[0];
    if (home && path.basename(block.file) !== home) problems.push(`${id}: its describe block is in ${path.relative(UNIT, block.file)}, expected test/unit/${home}`);
    const speaks = severity === 'error' ? 'fails if' : 'warns if';
    if (!block.tests.some((t) => t.startsWith(speaks))) problems.push(`${id}: no test "${speaks} ..." in its describe block`);
    if (!block.tests.some((t) => !t.startsWith('fails if') && !t.startsWith('warns if'))) problems.push(`${id}: no passing case (a test where the rule stays silent) in its describe block`);
  }
  return problems;
}

test('the scan finds a rule\'s block and the cases in it', () => {
  // GIVEN a test file with one rule's block
  const text = 'function check(x) { expect(x).toBe(1); }\n' +
    'describe(\'gcs/x\', () => {\n  test(\'fails if x\', () => { expect(1).toBe(1); });\n  test.each([1])(\'accepts %s\', (n) => check(n));\n});\n' +
    'describe(\'gcs/y\', () => { test(\'accepts y\', () => { expect(2).toBe(2); }); test(\'fails if y\', () => {}); test.todo(\'fails if todo\'); test.skip(\'fails if skipped\', () => { expect(1).toBe(1); }); });\n' +
    'describe(\'gcs/w\', () => { test.each([1])(\'fails if %s\', check); test(\'accepts w\', () => expect(3).toBe(3)); });';
  const blocks = ruleBlocks(path.join(UNIT, 'gcs-backend.test.ts'), text);

  // THEN each block has its tests that assert (directly or through a function of the file), and
  // the rule whose failing cases assert nothing or are skipped is named, as is one without a block
  expect(blocks.map((b) => [b.name, b.tests])).toEqual([['gcs/x', ['fails if x', 'accepts %s']], ['gcs/y', ['accepts y']], ['gcs/w', ['fails if %s', 'accepts w']]]);
  expect(ruleBlockProblems([{ id: 'gcs/x', severity: 'error' }, { id: 'gcs/y', severity: 'error' }, { id: 'gcs/z', severity: 'warning' }], blocks)).toEqual([
    'gcs/y: no test "fails if ..." in its describe block',
    'gcs/z: no describe(\'gcs/z\') in test/unit',
  ]);
});

test('every rule has one describe block in test/unit, with a case where it speaks and one where it does not', () => {
  // GIVEN every describe block of test/unit
  const blocks = unitFiles().flatMap((f) => ruleBlocks(f, fs.readFileSync(f, 'utf8')));

  // THEN each rule of the catalog has its block, where its store's or encryption's tests are
  expect(ruleBlockProblems(RULE_CATALOG, blocks)).toEqual([]);
});
