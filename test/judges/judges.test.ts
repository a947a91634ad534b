/**
 * The judges run offline, and that is proven rather than assumed: in the network namespace every
 * judge runs in (see support/judges.ts), a step that needs the network, installing a provider,
 * fails at once instead of reaching the registry.
 */
import { describeEachJudge, initWithProviders, networkSandbox, requireJudges } from '../support/judges';

const JUDGES = requireJudges();
const sandbox = networkSandbox();
if (sandbox.prefix.length === 0) {
  // eslint-disable-next-line no-console
  console.warn(`\n!!! the judges run ${sandbox.description}: nothing stops a check from reaching the network\n`);
}

/** A configuration whose `init` must download a provider from the registry. */
const NEEDS_A_PROVIDER = `terraform {
  required_providers {
    null = { source = "hashicorp/null" }
  }
}
`;

describeEachJudge('runs without network', JUDGES, (judge) => {
  (sandbox.prefix.length > 0 ? test : test.skip)(`${sandbox.description}: init of a config that needs a provider fails`, () => {
    // GIVEN a configuration that needs a provider
    // WHEN the judge initialises it, providers included, as the tests run it
    const r = initWithProviders(judge, { 'main.tf': NEEDS_A_PROVIDER });

    // THEN it fails because the network is unreachable
    expect(r.status).not.toBe(0);
    expect(r.output).toMatch(/network\s+is\s+unreachable/);
  });
});
