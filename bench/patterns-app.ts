/**
 * The README's patterns as benchmark apps (issue 42), and the one definition of their values.
 *
 * One app is S stacks `stack-0` ... `stack-<S-1>`. Each holds the pattern's backend and one
 * TerraformOutput `name`, nothing else; in `cross-stack` each stack also holds the local `value`
 * that the next stack reads (cdktf can only reference an element with an address, and an output
 * has none). Variant (a) is this library, variant (b) cdktf 0.21's built-in given the same values.
 *
 * The Java and Python children (bench/java/src/main/java/io/github/statebackends/bench/PatternsChild.java,
 * bench/python/patterns_child.py) write these values literally, as their users would. The driver
 * (bench/patterns.ts) checks what every language synthesizes against `expectedBlock`,
 * `expectedOutput` and `configFiles` here, at every size of every run (bench/patterns-check.ts),
 * so a value typed differently in another language fails the run before anything is measured.
 *
 * This module is loaded by the child processes (bench/patterns-child.ts) after the driver
 * transpiles it, so it imports cdktf alone; variant (a) gets the library passed in.
 */
import * as cdktf from 'cdktf';
import type * as Lib from '../src';
import type { Variant } from './app';

export const PATTERNS = ['gcs', 'cos', 'oss', 'azurerm', 'azurerm-env', 'from-init', 'for-each-stack', 'cross-stack'] as const;
export type Pattern = (typeof PATTERNS)[number];

export type Store = 'gcs' | 'cos' | 'oss' | 'azurerm';

/** A field value as written in the code (the patterns set strings and one boolean). */
export type Value = string | boolean;

export interface PatternSpec {
  readonly store: Store;
  /** What the app holds, for the report. */
  readonly summary: string;
  /**
   * Stack `s`'s backend fields as variant (b) writes them (cdktf's spellings, camelCase). Variant
   * (a) writes the same, but for `fromInit` and `forEachStack` below.
   */
  readonly fields: (s: number) => Readonly<Record<string, Value>>;
  /** (a) leaves this field to init (`StateBackendValue.fromInit()`) and writes `configFiles`. */
  readonly fromInit?: string;
  /** (a)'s `addConfigFile` calls, name to values, the same for every stack. */
  readonly configFiles?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The config file that, merged over (a)'s block as init merges it, gives (b)'s block. */
  readonly mergedFile?: string;
  /** (a) calls `<Store>Backend.forEachStack(app, forEachStack)` after making the stacks. */
  readonly forEachStack?: Readonly<Record<string, string>>;
  /** Each stack but the first reads the previous stack's local through a cross-stack reference. */
  readonly crossStack?: boolean;
}

const prefix = (s: number): string => `stacks/stack-${s}`;
const AZURERM = { storageAccountName: 'acmetfstate', containerName: 'tfstate', useAzureadAuth: true } as const;

export const SPECS: Readonly<Record<Pattern, PatternSpec>> = {
  'gcs': {
    store: 'gcs',
    summary: 'GCS, all literal: bucket and a prefix per stack',
    fields: (s) => ({ bucket: 'acme-tfstate', prefix: prefix(s) }),
  },
  'cos': {
    store: 'cos',
    summary: 'COS, all literal: bucket, region and a prefix per stack',
    fields: (s) => ({ bucket: 'acme-tfstate-1250000000', region: 'ap-guangzhou', prefix: prefix(s) }),
  },
  'oss': {
    store: 'oss',
    summary: 'OSS, all literal: bucket and a prefix per stack',
    fields: (s) => ({ bucket: 'acme-tfstate', prefix: prefix(s) }),
  },
  'azurerm': {
    store: 'azurerm',
    summary: 'AzureRM: account, container, a key per stack, `useAzureadAuth`; `environment` left unset (ARM_ENVIRONMENT decides)',
    fields: (s) => ({ ...AZURERM, key: `stacks/stack-${s}.tfstate` }),
  },
  'azurerm-env': {
    store: 'azurerm',
    summary: 'AzureRM as above with `environment: "public"`',
    fields: (s) => ({ ...AZURERM, key: `stacks/stack-${s}.tfstate`, environment: 'public' }),
  },
  'from-init': {
    store: 'gcs',
    summary: 'GCS, (a) `bucket: StateBackendValue.fromInit()`, a prefix per stack, `addConfigFile` `prod` and `dev`; (b) the prod bucket literal',
    fields: (s) => ({ bucket: 'acme-tfstate-prod', prefix: prefix(s) }),
    fromInit: 'bucket',
    configFiles: { prod: { bucket: 'acme-tfstate-prod' }, dev: { bucket: 'acme-tfstate-dev' } },
    mergedFile: 'prod',
  },
  'for-each-stack': {
    store: 'gcs',
    summary: 'GCS, (a) `GcsBackend.forEachStack(app, {bucket, prefix: "prod"})` after the stacks; (b) a backend per stack, prefix `prod/<stack>`',
    fields: (s) => ({ bucket: 'acme-tfstate', prefix: `prod/stack-${s}` }),
    forEachStack: { bucket: 'acme-tfstate', prefix: 'prod' },
  },
  'cross-stack': {
    store: 'gcs',
    summary: 'GCS as `gcs`; each stack but the first reads the previous one\'s local through a cross-stack reference (cdktf adds the output and the remote state)',
    fields: (s) => ({ bucket: 'acme-tfstate', prefix: prefix(s) }),
    crossStack: true,
  },
};

type BackendClass = new (scope: cdktf.TerraformStack, config: any) => cdktf.TerraformBackend;

/** Each store's backend class, in both packages. */
export const CLASS_NAMES: Readonly<Record<Store, 'GcsBackend' | 'CosBackend' | 'OssBackend' | 'AzurermBackend'>> = {
  gcs: 'GcsBackend',
  cos: 'CosBackend',
  oss: 'OssBackend',
  azurerm: 'AzurermBackend',
};

/** Builds the app (every construct, so every construction-time check of variant (a) runs here). */
export function buildApp(pattern: Pattern, variant: Variant, stacks: number, outdir: string, lib?: typeof Lib): cdktf.App {
  const spec = SPECS[pattern];
  if (variant === 'a' && !lib) throw new Error('variant a needs the library');
  const owner = variant === 'a' ? lib! : cdktf;
  const Backend = owner[CLASS_NAMES[spec.store]] as unknown as BackendClass;
  const app = new cdktf.App({ outdir });
  let previous: cdktf.TerraformLocal | undefined;
  for (let s = 0; s < stacks; s++) {
    const stack = new cdktf.TerraformStack(app, `stack-${s}`);
    if (variant === 'b' || !spec.forEachStack) {
      const fields = variant === 'a' && spec.fromInit ? { ...spec.fields(s), [spec.fromInit]: lib!.StateBackendValue.fromInit() } : spec.fields(s);
      const backend = new Backend(stack, fields);
      if (variant === 'a') {
        for (const [name, values] of Object.entries(spec.configFiles ?? {})) (backend as Lib.GcsBackend).addConfigFile(name, values);
      }
    }
    if (spec.crossStack) {
      const local = new cdktf.TerraformLocal(stack, 'value', previous ? previous.asString : `stack-${s}`);
      new cdktf.TerraformOutput(stack, 'name', { value: local.asString });
      previous = local;
    } else {
      new cdktf.TerraformOutput(stack, 'name', { value: `stack-${s}` });
    }
  }
  if (variant === 'a' && spec.forEachStack) {
    const forEach = lib![CLASS_NAMES[spec.store]] as unknown as { forEachStack: (scope: cdktf.App, config: unknown) => unknown };
    forEach.forEachStack(app, spec.forEachStack);
  }
  return app;
}

/** The tool's key of a field written in camelCase (the patterns' fields convert mechanically). */
export function toolKey(field: string): string {
  return field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** Stack `s`'s backend block as the tool reads it (for (a) of `from-init`: with `mergedFile` merged). */
export function expectedBlock(pattern: Pattern, s: number): Record<string, Value> {
  return Object.fromEntries(Object.entries(SPECS[pattern].fields(s)).map(([k, v]) => [toolKey(k), v]));
}

/** Stack `s`'s output `name` as synthesized. */
export function expectedOutput(pattern: Pattern, s: number): string {
  return SPECS[pattern].crossStack ? '${local.value}' : `stack-${s}`;
}
