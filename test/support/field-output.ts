/**
 * One test per emitted tool key: every field of a store, in every spelling, as a backend block,
 * as a remote-state config, and in HCL output. Shared by the store test files.
 */
import { parse } from '@cdktf/hcl2json';
import { TerraformStack, Testing } from 'cdktf';
import { terraformJudges } from './judges';
import { FieldCase, StoreUnderTest, appFor, fieldCases, keyOf, propsFor, sampleOf, synthJson, targetFor } from './stores';
import { FieldSpec, keyFor } from '../../src/private/kit/schema';
import { ParsedTarget } from '../../src/private/target/target';

/** The value the tool should receive for a field set to `value`. */
export function expectedValue(field: FieldSpec, value: unknown, target: ParsedTarget): unknown {
  switch (field.type) {
    case 'policy':
      return typeof value === 'string' ? value : JSON.stringify(value);
    case 'block': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(value as object)) {
        const member = field.fields!.find((f) => f.name === k)!;
        out[keyFor(member, target.tool)!] = expectedValue(member, v, target);
      }
      return out;
    }
    default:
      return value;
  }
}

/** Backend attributes of the HCL output, parsed by a real HCL parser. */
export async function parseHclBackend(stack: TerraformStack, backend: string): Promise<Record<string, unknown>> {
  const parsed: any = await parse('main.tf', Testing.synthHcl(stack));
  return parsed.terraform[0].backend[backend][0];
}

/** Remote-state blocks of the HCL output, parsed by a real HCL parser. */
export async function parseHclRemoteStates(stack: TerraformStack): Promise<Record<string, any>> {
  const parsed: any = await parse('main.tf', Testing.synthHcl(stack));
  const out: Record<string, any> = {};
  for (const [id, blocks] of Object.entries(parsed.data.terraform_remote_state)) out[id] = (blocks as any[])[0];
  return out;
}

export function casesOf(sut: StoreUnderTest): FieldCase[] {
  return fieldCases().filter((c) => c.sut === sut);
}

export function describeFieldOutput(sut: StoreUnderTest): void {
  const binary = terraformJudges()[0]?.version;
  const backendName = sut.store.backend;

  describe(`${backendName}: one test per emitted key`, () => {
    test.each(casesOf(sut).map((c) => [c.label, c] as const))('%s', async (_label, c) => {
      // GIVEN a config that sets this field, for a target that accepts it
      const target = targetFor(c, binary);
      const props = propsFor(c);
      const key = keyOf(c, target);
      const value = expectedValue(c.field, sampleOf(c), target);

      // WHEN it is used as a backend and as a remote state
      const app = appFor(target);
      const producer = new TerraformStack(app, 'producer');
      sut.backend(producer, props);
      const consumer = new TerraformStack(app, 'consumer');
      sut.remoteState(consumer, 'rs', props);

      // THEN the backend block, the remote-state config and the HCL carry the tool's key
      const backend = synthJson(producer).terraform.backend[backendName];
      const config = synthJson(consumer).data.terraform_remote_state.rs.config;
      const hclBackend = await parseHclBackend(producer, backendName);
      const hclConfig = (await parseHclRemoteStates(consumer)).rs.config;
      if (c.block) {
        const blockKey = keyFor(c.block, target.tool)!;
        expect(backend[blockKey][key]).toEqual(value);
        expect(config[blockKey]).toHaveLength(1);
        expect(config[blockKey][0][key]).toEqual(value);
        expect((hclBackend[blockKey] as any[])[0][key]).toEqual(value);
        expect(hclConfig[blockKey][0][key]).toEqual(value);
      } else if (c.field.type === 'block') {
        expect(backend[key]).toEqual(value);
        expect(config[key]).toEqual([value]);
        expect(hclBackend[key]).toEqual([value]);
        expect(hclConfig[key]).toEqual([value]);
      } else {
        expect(backend[key]).toEqual(value);
        expect(config[key]).toEqual(value);
        expect(hclBackend[key]).toEqual(value);
        expect(hclConfig[key]).toEqual(value);
      }
    });
  });
}
