/**
 * The "judged by" column of docs/FIELDS.md is held to the run-time suite: a rule naming a run-time
 * scenario must have that scenario among the tests of test/runtime/, and a scenario there that
 * judges a rule (its title ends with the rule id in parentheses) must be the one the rule names.
 */
import * as fs from 'fs';
import * as path from 'path';
import { judgedBy } from '../../src/private/kit/store';
import { STORES } from '../../src/private/stores';
import { RUNTIME_SCENARIOS } from '../support/runtime-stacks';

const RULES = STORES.flatMap((store) => store.rules.map((rule) => ({ store, rule })));
/** A scenario title ending with a rule id of a store, in parentheses. */
const JUDGES_RULE = new RegExp(`\\(((?:${STORES.map((s) => s.backend).join('|')})/[\\w-]+)\\)$`);

/** Every `scenario('<name>', '<title>')` of the run-time suites, with the rule id its title names. */
function suiteScenarios(): Array<{ name: string; rule?: string; file: string }> {
  const out: Array<{ name: string; rule?: string; file: string }> = [];
  for (const file of fs.readdirSync(__dirname).filter((f) => f.endsWith('.test.ts') && f !== path.basename(__filename))) {
    const source = fs.readFileSync(path.join(__dirname, file), 'utf8');
    for (const m of source.matchAll(/scenario\(\s*'([\w-]+)',\s*'([^']*)'/g)) {
      out.push({ name: m[1], rule: JUDGES_RULE.exec(m[2])?.[1], file });
    }
  }
  return out;
}

describe('run-time scenarios and the rules that name them', () => {
  const inSuite = suiteScenarios();

  test('every scenario the suites run is listed, and every listed one runs', () => {
    expect([...new Set(inSuite.map((s) => s.name))].sort()).toEqual(Object.keys(RUNTIME_SCENARIOS).sort());
  });

  test.each(RULES.filter((r) => r.rule.runtime).map((r) => [r.rule.id, r.rule.runtime!] as const))(
    'rule %s names scenario %s, which the suite runs and which judges it',
    (id, name) => {
      const found = inSuite.filter((s) => s.name === name);
      expect(found.length).toBeGreaterThan(0);
      expect(found.map((s) => s.rule)).toContain(id);
    },
  );

  test.each(inSuite.filter((s) => s.rule).map((s) => [s.name, s.rule!] as const))('scenario %s judges %s, which names it', (name, id) => {
    expect(RULES.find((r) => r.rule.id === id)?.rule.runtime).toBe(name);
  });

  test('every error rule is judged by validate, a run-time scenario, or says why neither can', () => {
    const unjudged = RULES.filter(({ store, rule }) => rule.severity === 'error' && judgedBy(store, rule).startsWith('source only'));
    expect(unjudged.map((r) => r.rule.id)).toEqual([]);
  });

  test('judged-by texts', () => {
    const byId = Object.fromEntries(RULES.map(({ store, rule }) => [rule.id, judgedBy(store, rule)]));
    expect(byId['gcs/custom-endpoint-form']).toBe('init/apply on fake-gcs-server (`gcs-endpoint-forms`)');
    expect(byId['gcs/one-encryption']).toBe('`opentofu validate`; init/apply on fake-gcs-server (`gcs-one-encryption`)');
    expect(byId['gcs/kms-key-form']).toBe('— (a warning)');
    expect(byId['azurerm/container-name']).toBe('init/apply on Azurite (`azurerm-container-name`)');
    expect(byId['cos/endpoint-form']).toBe('init/apply on moto behind the COS front end (`cos-endpoint`)');
    expect(byId['cos/acl']).toBe('`validate`; init/apply on moto behind the COS front end (`cos-object-options`)');
    expect(byId['oss/acl']).toBe('`validate`');
    expect(byId['gcs/access-token-wins']).toBe('— (a warning)');
    expect(byId['oss/lock-endpoint-without-table']).toBe('— (a warning; its outcome shown by init/apply on moto and the TableStore fake, `oss-lock-endpoint-without-table`)');
  });
});
