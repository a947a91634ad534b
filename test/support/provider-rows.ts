/**
 * The Terraform providers that create the state stores, as data: one row per provider (its address,
 * the version the tests install it as, where its source comes from, the resource types the stores
 * need). The one list every reader takes them from: scripts/providers.sh through its view
 * `scripts/providers.txt` (written by `npx projen docs:fields`; test/repo/providers-list.test.ts
 * fails when it is stale), test/support/providers.ts (the mirror, `validateStacks`), the committed
 * schemas of test/support/provider-schemas/ and CONTRIBUTING's tables.
 *
 * A row's name, namespace and version are the provider's as the library declares it
 * (src/private/state-stores/providers.ts: its `source`, and `read`, the release whose schema the
 * tables were read from), written there once: changing the release read is changing it there (and
 * the archive's sha256 here), then `npx projen docs:fields`, then `npx projen providers` (the build)
 * and `npx projen providers:schemas` (the committed schemas).
 */
import { ALICLOUD, AZURERM, GOOGLE, ProviderSpec, TENCENTCLOUD } from '../../src/private/state-stores/providers';

/** How a provider's binary is had (scripts/providers.sh). */
export type ProviderBuild =
  /**
   * Built from a source archive (the release tag's go.mod, go.sum, main.go and provider package),
   * checked against `sha256`, from `$STATE_BACKENDS_PROVIDERS_SRC`, else `../shared/providers/`
   * beside the repository; dependencies come from the Go module proxy.
   */
  | { readonly from: 'archive'; readonly archive: string; readonly sha256: string }
  /** Built from the Go module proxy: `module` at `version` (a pseudo-version where the proxy serves no release). */
  | { readonly from: 'proxy'; readonly module: string; readonly version: string };

/** A row's address and version: the provider's `source` and the release read (`read`), as the library declares them. */
function declared(spec: ProviderSpec): Pick<ProviderRow, 'name' | 'namespace' | 'version'> {
  const [namespace, name] = spec.source.split('/');
  if (name !== spec.name) throw new Error(`provider ${spec.name}: its source ${spec.source} names another type`);
  return { name, namespace, version: spec.read };
}

/** One provider at one version. */
export interface ProviderRow {
  /** Its type, the local name the stacks give it: `google`. */
  readonly name: string;
  /** Its namespace on both registries: `hashicorp`. */
  readonly namespace: string;
  /** The version it is installed as in the mirror, which the stacks' `required_providers` constraint must allow. */
  readonly version: string;
  readonly build: ProviderBuild;
  /** The resource types the state stores create, whose schemas test/support/provider-schemas/<name>.json holds. */
  readonly resources: readonly string[];
  /** What the row is (the release, or what a pseudo-version is). */
  readonly why: string;
  /**
   * Set when the provider does not build here: why, and the build's first error as `go build`
   * printed it. scripts/providers.sh does not build it unless it is named (`npx projen providers
   * <name>` tries); its resources are held to the schema read from its source
   * (test/support/schema-from-source) instead, and no judge validates with it.
   */
  readonly doesNotBuild?: { readonly why: string; readonly error: string };
}

export const PROVIDER_ROWS: readonly ProviderRow[] = [
  {
    ...declared(GOOGLE),
    build: {
      from: 'archive',
      archive: `terraform-provider-google-${GOOGLE.read}-src.tar.gz`,
      sha256: 'e3665ed7b69cacd24eb294f735d5137fc14c88ae865d5f15e4f44fde7c761603',
    },
    resources: ['google_storage_bucket'],
    why: `the release v${GOOGLE.read} (the proxy serves the module path without /vN at v1.20.0 only)`,
  },
  {
    ...declared(ALICLOUD),
    build: {
      from: 'archive',
      archive: `terraform-provider-alicloud-${ALICLOUD.read}-src.tar.gz`,
      sha256: 'd4cfb6a5478bed7df467724aae7f02bee2c551337015fd4edb7def62ef2e5cb6',
    },
    resources: ['alicloud_oss_bucket', 'alicloud_oss_bucket_acl', 'alicloud_oss_bucket_public_access_block', 'alicloud_ots_instance', 'alicloud_ots_table'],
    why: `the release v${ALICLOUD.read} (the proxy does not serve it)`,
    doesNotBuild: {
      why: 'the Go module proxy refuses 3 of the 219 modules its go.mod requires (403 Forbidden, "This module version is not '
        + 'available"): github.com/alibabacloud-go/alibabacloud-gateway-oss v0.0.26, alibabacloud-gateway-oss-util v0.0.14 '
        + 'and cs-20151215/v8 v8.0.4 (November 2026)',
      error: 'alicloud/data_source_alicloud_cs_cluster_credential.go:6:2: github.com/alibabacloud-go/cs-20151215/v8@v8.0.4: '
        + 'reading https://proxy.golang.org/github.com/alibabacloud-go/cs-20151215/v8/@v/v8.0.4.zip: 403 Forbidden',
    },
  },
  {
    ...declared(TENCENTCLOUD),
    build: {
      from: 'archive',
      archive: `terraform-provider-tencentcloud-${TENCENTCLOUD.read}-src.tar.gz`,
      sha256: '155ba216486cd2856c972830067dadadfe6a3e88827505fd400d0c62b76af6a1',
    },
    resources: ['tencentcloud_cos_bucket'],
    why: `the release v${TENCENTCLOUD.read} (the proxy does not serve it)`,
    doesNotBuild: {
      why: 'the Go module proxy refuses 25 of the 376 modules its go.mod requires (403 Forbidden, "This module version is not '
        + 'available"), among them github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common v1.3.164, which the '
        + 'provider package imports, and serves no tencentcloud/trocket v1.3.129 (404) (November 2026)',
      error: 'tencentcloud/provider.go:15:2: github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common@v1.3.164: reading '
        + 'https://proxy.golang.org/github.com/tencentcloud/tencentcloud-sdk-go/tencentcloud/common/@v/v1.3.164.zip: 403 Forbidden',
    },
  },
  {
    ...declared(AZURERM),
    build: { from: 'proxy', module: 'github.com/hashicorp/terraform-provider-azurerm', version: 'v1.44.1-0.20260824201233-fae580791926' },
    resources: ['azurerm_storage_account', 'azurerm_storage_container', 'azurerm_storage_management_policy'],
    why: `the main branch at fae580791926 (2026-08-24), whose version/VERSION says ${AZURERM.read}: the proxy serves the module path without /vN only as pseudo-versions`,
  },
];

/** The row of provider `name`; throws for a name no row has. */
export function providerRow(name: string): ProviderRow {
  const row = PROVIDER_ROWS.find((r) => r.name === name);
  if (!row) throw new Error(`test/support/provider-rows.ts has no provider ${name} (it has ${PROVIDER_ROWS.map((r) => r.name).join(', ')})`);
  return row;
}

/** The view scripts/providers.txt: one line per row, for scripts/providers.sh. */
export function providersList(): string {
  const header = [
    '# Generated from test/support/provider-rows.ts by `npx projen docs:fields`. Do not edit.',
    '#',
    '# One line per provider: <name> <namespace> <version> <from> [key=value ...], where <version> is',
    '# the version it is installed as in the mirror and <from> is',
    '#   archive  built from the source archive archive= (in ../shared/providers or',
    '#            $STATE_BACKENDS_PROVIDERS_SRC), checked against sha256=',
    '#   proxy    built from the Go module proxy: module= at version=',
    '# and resources= lists the resource types the state stores need (comma-separated); builds=no marks',
    '# a provider that does not build here (built only when named: scripts/providers.sh <name>).',
    '# A built provider is <cache>/providers/<name>/<version>/terraform-provider-<name>.',
  ];
  const pad = (values: string[]) => Math.max(...values.map((v) => v.length));
  const widths = [pad(PROVIDER_ROWS.map((r) => r.name)), pad(PROVIDER_ROWS.map((r) => r.namespace)), pad(PROVIDER_ROWS.map((r) => r.version))];
  const lines = PROVIDER_ROWS.map((r) => {
    const keys = r.build.from === 'archive'
      ? [`archive=${r.build.archive}`, `sha256=${r.build.sha256}`]
      : [`module=${r.build.module}`, `version=${r.build.version}`];
    keys.push(`resources=${r.resources.join(',')}`);
    if (r.doesNotBuild) keys.push('builds=no');
    return [r.name.padEnd(widths[0]), r.namespace.padEnd(widths[1]), r.version.padEnd(widths[2]), r.build.from.padEnd(7), ...keys].join(' ');
  });
  return [...header, ...lines].join('\n') + '\n';
}
