/**
 * One rule, one place: every rule id of the catalog (src/private/framework/rule-catalog.ts) has
 * exactly one `describe('<id>', ...)` in test/unit, holding a case where the rule speaks (a title
 * starting "fails if" for an error, "warns if" for a warning) and one where it stays silent. A
 * store's rules are in its file (test/unit/<store>-backend.test.ts), state encryption's in
 * test/unit/state-encryption.test.ts; the tool's side of an error rule is its row in
 * test/judges/tool-refusals.test.ts, test/judges/init-judge.test.ts or a run-time scenario.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { RULE_CATALOG } from '../../src/private/framework/rule-catalog';
import { STORES } from '../../src/private/stores';

const UNIT = path.join(__dirname, '..', 'unit');

/** A `describe` block named by a string literal, with the titles of the tests directly or deeply inside it. */
export interface RuleBlock {
  readonly file: string;
  readonly name: string;
  readonly tests: readonly string[];
}

/** The title a call to describe/test/it (or their .each/.skip/.only forms) is given, when it is a literal. */
function titleOf(call: ts.CallExpression): { kind: string; title: string } | undefined {
  // test.each(table)('title', fn): the callee is itself a call
  let callee: ts.Expression = call.expression;
  if (ts.isCallExpression(callee)) callee = callee.expression;
  while (ts.isPropertyAccessExpression(callee)) callee = callee.expression;
  if (!ts.isIdentifier(callee) || !['describe', 'test', 'it'].includes(callee.text)) return undefined;
  const first = call.arguments[0];
  if (!first || !(ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first) || ts.isTemplateExpression(first))) return undefined;
  const title = ts.isTemplateExpression(first) ? first.head.text : first.text;
  return { kind: callee.text === 'describe' ? 'describe' : 'test', title };
}

/** Every describe block of a source text, with the tests inside it. */
export function ruleBlocks(file: string, text: string): RuleBlock[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
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
      if (t?.kind === 'test') open.forEach((b) => b.tests.push(t.title));
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
  const text = 'describe(\'gcs/x\', () => {\n  test(\'fails if x\', () => {});\n  test.each([1])(\'accepts %s\', () => {});\n});\ndescribe(\'gcs/y\', () => { test(\'accepts y\', () => {}); });';
  const blocks = ruleBlocks(path.join(UNIT, 'gcs-backend.test.ts'), text);

  // THEN each block has its tests, and the rule without a failing case is named, as is one without a block
  expect(blocks.map((b) => [b.name, b.tests])).toEqual([['gcs/x', ['fails if x', 'accepts %s']], ['gcs/y', ['accepts y']]]);
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
