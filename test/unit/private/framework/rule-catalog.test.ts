/**
 * The rule catalog (src/private/framework/rule-catalog.ts): every rule of the library by id, from
 * the tables themselves, and the type of an id, so that code naming a rule names one that exists.
 */
import { RULE_CATALOG, RuleId, warningIds } from '../../../../src/private/framework/rule-catalog';
import { withId } from '../../../../src/private/framework/rule-id';
import { STORES } from '../../../../src/private/stores';

describe('the rule catalog', () => {
  test('holds every store rule, each id once', () => {
    // GIVEN the rules of every store in the one list
    const storeIds = STORES.flatMap((s) => s.rules.map((r) => r.id));
    // THEN each is in the catalog, and no id is there twice
    expect(RULE_CATALOG.map((r) => r.id)).toEqual(expect.arrayContaining(storeIds));
    expect(new Set(RULE_CATALOG.map((r) => r.id)).size).toBe(RULE_CATALOG.length);
  });

  test('the warning ids are the catalog\'s warnings', () => {
    expect(warningIds()).toEqual(RULE_CATALOG.filter((r) => r.severity === 'warning').map((r) => r.id));
  });

  test('an id the catalog does not hold does not compile (tsc checks this file)', () => {
    // @ts-expect-error 'gcs/no-such-rule' is no rule of the library
    const unknown: RuleId = 'gcs/no-such-rule';
    const known: RuleId = 'gcs/one-encryption';
    expect([unknown, withId('refused', known)]).toEqual(['gcs/no-such-rule', 'refused [gcs/one-encryption]']);
    // @ts-expect-error withId takes the catalog's ids only
    expect(withId('refused', 'gcs/no-such-rule')).toBe('refused [gcs/no-such-rule]');
  });
});
