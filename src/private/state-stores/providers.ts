/*
 * The providers whose resources make the state stores, as data: where the tools get each one
 * (`required_providers` source), the versions the constructs declare, and the release whose schema
 * the tables were read from (and the tests hold the emitted resources to). The one place a
 * provider's release is written.
 */

/** One provider the state stores use. */
export interface ProviderSpec {
  /** The provider's local name, its resource types' prefix (`google`). */
  readonly name: string;
  /** `required_providers` source (`hashicorp/google`). */
  readonly source: string;
  /** The version constraint the constructs declare: from the release read, within its major version. */
  readonly version: string;
  /** The release whose source the tables and their evidence were read from (test/support/provider-rows.ts builds it). */
  readonly read: string;
  /** What the provider block needs to be valid when the stack has none of its own (`features {}` for azurerm). */
  readonly config?: Readonly<Record<string, unknown>>;
}

export const GOOGLE: ProviderSpec = { name: 'google', source: 'hashicorp/google', version: '>= 7.45.0, < 8.0.0', read: '7.45.0' };

export const ALICLOUD: ProviderSpec = { name: 'alicloud', source: 'aliyun/alicloud', version: '>= 1.289.0, < 2.0.0', read: '1.289.0' };

export const TENCENTCLOUD: ProviderSpec = {
  name: 'tencentcloud',
  source: 'tencentcloudstack/tencentcloud',
  version: '>= 1.83.25, < 2.0.0',
  read: '1.83.25',
};

/**
 * The azurerm provider: its main branch at fae580791926 (2026-08-24), whose version/VERSION says
 * 5.2.0 (the Go module proxy serves it as the pseudo-version v1.44.1-0.20260824201233-fae580791926);
 * its provider block must hold `features` (the provider's schema: "The argument "features" is
 * required").
 */
export const AZURERM: ProviderSpec = {
  name: 'azurerm',
  source: 'hashicorp/azurerm',
  version: '>= 5.2.0, < 6.0.0',
  read: '5.2.0',
  config: { features: {} },
};

/** Every provider, in the order of the stores. */
export const PROVIDERS: readonly ProviderSpec[] = [GOOGLE, TENCENTCLOUD, ALICLOUD, AZURERM];
