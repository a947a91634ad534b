/**
 * The resources each state store construct emits (src/private/state-stores/emit.ts), held to the
 * provider's schema of each resource type as test/support/provider-schemas/ commits it (read from
 * the provider binary, or from the source of a provider that does not build here): no argument the
 * schema lacks, no computed-only one set, every required one there, blocks within their bounds,
 * values of the schema's kind. With the defaults, and with every prop set.
 */
import { TerraformStack, Testing } from 'cdktf';
import { getPath, setPath } from '../../../../src/private/state-stores/emit';
import { schemaViolations } from '../../../support/provider-schemas';
import { EVERY_PROP, STATE_STORES_UNDER_TEST } from '../../../support/state-stores';
import { appFor } from '../../../support/stores';

const cases = STATE_STORES_UNDER_TEST.flatMap((sut) => [
  [`${sut.store.names.construct} with its defaults`, sut, {}] as const,
  [`${sut.store.names.construct} with every prop set`, sut, EVERY_PROP[sut.store.names.construct]] as const,
]);

describe('the resources the constructs emit, held to the providers\' schemas', () => {
  test.each(cases)('%s', (_name, sut, props) => {
    const stack = new TerraformStack(appFor(), 'bootstrap');
    sut.make(stack, 'state', { ...sut.required, ...props });
    const json = JSON.parse(Testing.synth(stack));
    const types = Object.values(sut.store.resources).map((r) => r.type);
    const problems = types.flatMap((type) => Object.entries(json.resource?.[type] ?? {})
      .flatMap(([name, body]) => schemaViolations(type, body as Record<string, unknown>).map((p) => `${type}.${name}: ${p}`)));
    expect(problems).toEqual([]);
  });

  test('every prop of every table is set in its "every prop" case', () => {
    for (const { store } of STATE_STORES_UNDER_TEST) {
      const props = store.settings.filter((s) => s.prop && !s.prop.required).map((s) => s.prop!.name);
      expect([...new Set(props)].filter((p) => !(p in EVERY_PROP[store.names.construct]))).toEqual([]);
    }
  });

  test('the schema check speaks: an argument the provider lacks is named', () => {
    expect(schemaViolations('google_storage_bucket', { name: 'a', location: 'EU', versioning_enabled: true })).toEqual(['versioning_enabled: unsupported argument']);
    // a block given as one object, as the constructs write a block of at most one, is checked inside
    expect(schemaViolations('google_storage_bucket', { name: 'a', location: 'EU', versioning: { enable: true } }))
      .toEqual(['versioning[0].enable: unsupported argument', 'versioning[0].enabled: missing required argument']);
  });
});

describe('paths into a resource\'s arguments', () => {
  test('setPath makes the blocks on the way and merges into one already there', () => {
    const attrs: Record<string, unknown> = {};
    setPath(attrs, 'blob_properties.versioning_enabled', true);
    setPath(attrs, 'blob_properties.delete_retention_policy.days', 7);
    expect(attrs).toEqual({ blob_properties: { versioning_enabled: true, delete_retention_policy: { days: 7 } } });
    expect(getPath(attrs, 'blob_properties.delete_retention_policy.days')).toBe(7);
    expect(getPath(attrs, 'blob_properties.nope.days')).toBeUndefined();
  });
});
