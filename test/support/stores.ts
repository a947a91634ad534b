/**
 * What the tests know about each store: its table, its classes, and a valid sample value for every
 * field (secrets are placeholders, as the spec asks). The stores and their samples (each field
 * row's `example`) come from the one list, src/private/stores/index.ts.
 */
import { App, TerraformBackend, TerraformRemoteState, TerraformStack, Testing } from 'cdktf';
import { Construct } from 'constructs';
import * as library from '../../src';
import { FieldSpec, isAvailable, keyFor, spellingsOf } from '../../src/private/kit/schema';
import { Store } from '../../src/private/kit/store';
import { STORES as DEFINITIONS, StoreName } from '../../src/private/stores';
import { DEFAULT_TARGET, NEWEST_KNOWN, ParsedTarget, TARGET_CONTEXT_KEY, formatTarget } from '../../src/private/target/target';

export interface StoreUnderTest {
  readonly store: Store;
  readonly backend: (scope: Construct, props: any) => TerraformBackend;
  readonly remoteState: (scope: Construct, id: string, config: any) => TerraformRemoteState;
  /** The required fields, with valid values. */
  readonly base: Record<string, unknown>;
  /** A valid value for every field (spec name; `block.member` for block members). */
  readonly samples: Record<string, unknown>;
  /** Fields a field needs beside it (rules such as "x needs y"). */
  readonly needs?: Record<string, Record<string, unknown>>;
}

interface Setup {
  readonly base?: readonly string[];
  readonly needs?: Readonly<Record<string, readonly string[]>>;
}

/**
 * What the tests add to a store's own examples, where its required fields alone are not the
 * smallest config worth testing: more fields in `base`, and fields a field needs beside it.
 */
const SETUP: { readonly [name in StoreName]?: Setup } = {
  // region may come from TENCENTCLOUD_REGION instead, but the tool needs one of the two.
  cos: { base: ['bucket', 'region'] },
  // Without resourceGroupName the run needs a data-plane credential (azurerm/data-plane-auth-from-env).
  azurerm: {
    base: ['storageAccountName', 'containerName', 'key', 'resourceGroupName'],
    needs: { clientCertificatePassword: ['clientCertificatePath'], oidcRequestToken: ['oidcRequestUrl'], oidcRequestUrl: ['oidcRequestToken'] },
  },
};

/** The example of every field (spec name; `block.member` for block members; a block's is its required members'). */
function samplesOf(store: Store): Record<string, unknown> {
  const samples: Record<string, unknown> = {};
  const example = (field: FieldSpec, name: string) => {
    if (field.example === undefined) throw new Error(`${store.backend} ${name} has no example in its field row (src/private/stores/${store.backend}.ts)`);
    return field.example;
  };
  for (const field of store.fields) {
    if (field.fields) {
      samples[field.name] = Object.fromEntries(field.fields.filter((m) => m.required).map((m) => [m.name, example(m, `${field.name}.${m.name}`)]));
      for (const m of field.fields) samples[`${field.name}.${m.name}`] = example(m, `${field.name}.${m.name}`);
    } else {
      samples[field.name] = example(field, field.name);
    }
  }
  return samples;
}

function storeUnderTest(store: Store): StoreUnderTest {
  const setup = SETUP[store.backend as StoreName] ?? {};
  const samples = samplesOf(store);
  const pick = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, samples[n]]));
  const classes = library as unknown as Record<string, new (...args: any[]) => any>;
  return {
    store,
    backend: (s, p) => new classes[store.names.backend](s, p),
    remoteState: (s, id, c) => new classes[store.names.remoteState](s, id, c),
    base: pick(setup.base ?? store.fields.filter((f) => f.required).map((f) => f.name)),
    samples,
    needs: setup.needs ? Object.fromEntries(Object.entries(setup.needs).map(([n, partners]) => [n, pick(partners)])) : undefined,
  };
}

export const STORES: readonly StoreUnderTest[] = DEFINITIONS.map(storeUnderTest);

/** One field (or block member) in one spelling. */
export interface FieldCase {
  readonly sut: StoreUnderTest;
  readonly field: FieldSpec;
  /** `assumeRole` for a block member, undefined otherwise. */
  readonly block?: FieldSpec;
  readonly spelling: string;
  /** A label unique across stores, usable as a terraform address. */
  readonly label: string;
}

/** Every field of every store, in every spelling; block members one by one. */
export function fieldCases(): FieldCase[] {
  const out: FieldCase[] = [];
  for (const sut of STORES) {
    for (const field of sut.store.fields) {
      const members = field.type === 'block' ? field.fields ?? [] : [];
      for (const spelling of spellingsOf(field)) {
        out.push({ sut, field, spelling, label: `${sut.store.backend}_${spelling}` });
        for (const m of members) {
          out.push({ sut, field: m, block: field, spelling: m.name, label: `${sut.store.backend}_${spelling}_${m.name}` });
        }
      }
    }
  }
  return out;
}

/** The sample value of a case. */
export function sampleOf(c: FieldCase): unknown {
  const name = c.block ? `${c.block.name}.${c.field.name}` : c.field.name;
  if (!(name in c.sut.samples)) throw new Error(`no sample for ${c.sut.store.backend} ${name}`);
  return c.sut.samples[name];
}

/** The props that set exactly this field (plus the required ones and what it needs). */
export function propsFor(c: FieldCase): Record<string, unknown> {
  const props: Record<string, unknown> = { ...c.sut.base, ...(c.sut.needs?.[c.field.name] ?? {}) };
  if (c.block) {
    // Blocks have no alias spellings; a member case sets the block's required members plus this one.
    props[c.block.name] = { ...(c.sut.samples[c.block.name] as object), [c.field.name]: sampleOf(c) };
  } else {
    // Remove the spec spelling when the case uses an alias, so only the alias is set.
    delete props[c.field.name];
    props[c.spelling] = sampleOf(c);
  }
  return props;
}

/** The key the tool reads for this case under `target`. */
export function keyOf(c: FieldCase, target: ParsedTarget): string {
  return keyFor(c.field, target.tool)!;
}

/** Targets to try, in order: the installed binary's version first, then the newest releases. */
export function targetFor(c: FieldCase, binary: string | undefined): ParsedTarget {
  const candidates: ParsedTarget[] = [
    ...(binary ? [{ tool: 'terraform' as const, version: binary }] : []),
    DEFAULT_TARGET,
    { tool: 'opentofu', version: NEWEST_KNOWN.opentofu },
    { tool: 'terraform', version: '1.2.9' },
  ];
  const ok = (t: ParsedTarget) => isAvailable(c.field, t) && (!c.block || isAvailable(c.block, t));
  const found = candidates.find(ok);
  if (!found) throw new Error(`no target accepts ${c.label}`);
  return found;
}

/**
 * A fresh app whose target is `target`, or the library's default target. The key is always set,
 * so a test means the same in both flavours (without it, the cdktn one follows `targetVersions`).
 */
export function appFor(target: ParsedTarget = DEFAULT_TARGET): App {
  const app = Testing.app();
  app.node.setContext(TARGET_CONTEXT_KEY, formatTarget(target));
  return app;
}

/** Synthesizes one stack and returns its parsed `cdk.tf.json`. */
export function synthJson(stack: TerraformStack): any {
  return JSON.parse(Testing.synth(stack));
}
