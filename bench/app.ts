/**
 * The benchmark app: S stacks, each with one OSS backend and R remote states (COS and AzureRM
 * alternating), built either with this library's constructs or with cdktf's built-ins.
 *
 * Both variants get the same inputs, written in cdktf's spellings (`tablestoreTable`, `useMsi`,
 * `useAzureadAuth`, ...), which this library accepts as aliases. The config is valid, so neither
 * variant throws, and it holds no literal secrets: those would add warnings in variant (a) only.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as cdktf from 'cdktf';
import type * as Lib from '../src';

/** `a`: this library; `b`: cdktf's built-ins. */
export type Variant = 'a' | 'b';

export const VARIANTS: readonly Variant[] = ['a', 'b'];

export const VARIANT_NAMES: Readonly<Record<Variant, string>> = {
  a: 'cdktf-state-backends',
  b: 'cdktf built-ins',
};

/** The three constructors the app uses; both packages export them under these names. */
export interface Constructs {
  readonly OssBackend: new (scope: cdktf.TerraformStack, props: any) => cdktf.TerraformBackend;
  readonly DataTerraformRemoteStateCos: new (scope: cdktf.TerraformStack, id: string, config: any) => cdktf.TerraformRemoteState;
  readonly DataTerraformRemoteStateAzurerm: new (scope: cdktf.TerraformStack, id: string, config: any) => cdktf.TerraformRemoteState;
}

/**
 * Where variant (a) is loaded from. `lib` (the default) is the compiled package that npm users
 * and the Java binding run (build it with `npx projen compile`); `src` runs the TypeScript sources
 * through ts-node, which is handy for trying a change without recompiling.
 */
export type LibrarySource = 'lib' | 'src';

export function loadLibrary(from: LibrarySource): typeof Lib {
  const dir = path.join(__dirname, '..', from);
  if (from === 'lib' && !fs.existsSync(path.join(dir, 'index.js'))) {
    throw new Error(`${path.relative(process.cwd(), dir)}/index.js is missing; run \`npx projen compile\` first (or pass --from=src)`);
  }
  // A computed path: lib/ exists only after a compile, and the type comes from src/ either way.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(dir) as typeof Lib;
}

export function constructsFor(variant: Variant, lib: typeof Lib): Constructs {
  return variant === 'a' ? lib : cdktf;
}

/** The OSS backend of stack `s`. */
export function ossConfig(s: number): Record<string, unknown> {
  return {
    bucket: 'acme-tfstate',
    region: 'cn-hangzhou',
    prefix: `stacks/stack-${s}`,
    key: 'terraform.tfstate',
    tablestoreEndpoint: 'https://acme-lock.cn-hangzhou.ots.aliyuncs.com',
    tablestoreTable: 'terraform_lock',
    encrypt: true,
    acl: 'private',
    assumeRoleRoleArn: 'acs:ram::1000000000000001:role/terraform',
    assumeRoleSessionName: 'cdktf-bench',
    assumeRoleSessionExpiration: 1800,
  };
}

/** Remote state `r` (even) of stack `s`: a COS state. */
export function cosConfig(s: number, r: number): Record<string, unknown> {
  return {
    bucket: 'tfstate-1250000000',
    region: 'ap-guangzhou',
    prefix: `team-${r % 5}`,
    key: `stack-${s}/remote-${r}.tfstate`,
    encrypt: true,
    acl: 'private',
    assumeRole: {
      roleArn: 'qcs::cam::uin/100000000001:roleName/terraform',
      sessionName: 'cdktf-bench',
      sessionDuration: 3600,
    },
  };
}

/** Remote state `r` (odd) of stack `s`: an AzureRM state. */
export function azurermConfig(s: number, r: number): Record<string, unknown> {
  return {
    storageAccountName: 'acmetfstate',
    containerName: 'tfstate',
    key: `stack-${s}/remote-${r}.terraform.tfstate`,
    resourceGroupName: 'rg-tfstate',
    subscriptionId: '00000000-0000-0000-0000-000000000001',
    tenantId: '00000000-0000-0000-0000-000000000002',
    useAzureadAuth: true,
    useMsi: true,
    environment: 'public',
  };
}

/** Builds the app (every construct, so every check of variant (a) runs here). */
export function buildApp(c: Constructs, stacks: number, remoteStates: number, outdir: string): cdktf.App {
  const app = new cdktf.App({ outdir });
  for (let s = 0; s < stacks; s++) {
    const stack = new cdktf.TerraformStack(app, `stack-${s}`);
    new c.OssBackend(stack, ossConfig(s));
    for (let r = 0; r < remoteStates; r++) {
      if (r % 2 === 0) {
        new c.DataTerraformRemoteStateCos(stack, `cos-${r}`, cosConfig(s, r));
      } else {
        new c.DataTerraformRemoteStateAzurerm(stack, `azurerm-${r}`, azurermConfig(s, r));
      }
    }
  }
  return app;
}

/** Sum of the sizes of the synthesized `cdk.tf.json` files under `outdir`. */
export function outputBytes(outdir: string): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  const stacksDir = path.join(outdir, 'stacks');
  for (const stack of fs.readdirSync(stacksDir)) {
    const file = path.join(stacksDir, stack, 'cdk.tf.json');
    if (fs.existsSync(file)) {
      files++;
      bytes += fs.statSync(file).size;
    }
  }
  return { files, bytes };
}
