/**
 * Warnings wherever the app runs (src/private/framework/warnings.ts): `app.synth()` prints each
 * unacknowledged warning once to stderr as its stack's validation shows it (after the stack's
 * aspects), as the framework CLIs print manifest.json's annotations; under a CLI (which sets
 * CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS for the app and prints them itself) the library prints
 * nothing, so each shows once. The strict key's value is checked here too (warnings/strict); strict
 * mode itself is tested in test/unit/warnings.test.ts.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, Aspects, TerraformStack, Testing } from 'cdktf';
import { AzurermBackend, GcsBackend, StateBackendTarget, StateBackendWarnings } from '../../../../src';
import { onStackSynthesis } from '../../../../src/private/framework/cdktf-internals';

const CLI_VARIABLE = 'CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS';
const AZ = { storageAccountName: 'acmetfstate', containerName: 'tfstate', key: 'prod.terraform.tfstate', resourceGroupName: 'rg-tfstate' };
const URL_FROM_ENV = 'oidcRequestToken is set without oidcRequestUrl';
const LITERAL_SECRET = 'oidcRequestToken is a secret set as a literal value';

/** An app with one stack whose backend raises two warnings. */
function twoWarnings(): { app: App; stack: TerraformStack; backend: AzurermBackend } {
  const app = Testing.app();
  StateBackendTarget.terraform('1.11.4').applyTo(app);
  const stack = new TerraformStack(app, 'producer');
  const backend = new AzurermBackend(stack, { ...AZ, useOidc: true, oidcRequestToken: 'placeholder' });
  return { app, stack, backend };
}

/** What `run` writes to stderr, line by line. */
function stderrOf(run: () => void): string[] {
  const written: string[] = [];
  const spy = jest.spyOn(process.stderr, 'write').mockImplementation((chunk: any) => {
    written.push(String(chunk));
    return true;
  });
  try {
    run();
  } finally {
    spy.mockRestore();
  }
  return written.join('').split('\n').filter((l) => l !== '');
}

describe('warnings printed where the app runs', () => {
  const saved = process.env[CLI_VARIABLE];
  beforeEach(() => delete process.env[CLI_VARIABLE]);
  afterAll(() => {
    if (saved === undefined) delete process.env[CLI_VARIABLE];
    else process.env[CLI_VARIABLE] = saved;
  });

  test('a synth run on its own prints each warning once, as the CLIs print them', () => {
    // GIVEN an app whose backend raises two warnings, run without a framework CLI
    const { app } = twoWarnings();
    // WHEN it is synthesized twice
    const first = stderrOf(() => app.synth());
    const second = stderrOf(() => app.synth());
    // THEN the first synth printed both, each once, in the CLI's form
    expect(first).toHaveLength(2);
    expect(first.filter((l) => l.startsWith(`WARN [producer/backend]: ${URL_FROM_ENV}`) && l.endsWith('[azurerm/oidc-request-pair]'))).toHaveLength(1);
    expect(first.filter((l) => l.startsWith(`WARN [producer/backend]: ${LITERAL_SECRET}`) && l.endsWith('[field/literal-secret]'))).toHaveLength(1);
    // AND the second printed nothing again
    expect(second).toEqual([]);
    // AND manifest.json holds them as before
    const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
    expect(manifest.stacks.producer.annotations.filter((a: { level: string }) => a.level === '@cdktf/warn')).toHaveLength(2);
  });

  test('under a framework CLI nothing is printed: the CLI prints manifest.json', () => {
    // GIVEN the variable both CLIs set for the app they run
    process.env[CLI_VARIABLE] = 'true';
    const { app } = twoWarnings();
    // WHEN it is synthesized THEN no warning is printed (stdout has the state map's table, which a
    // CLI shows: state-map.test.ts), and the manifest holds both warnings
    const table = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(stderrOf(() => app.synth())).toEqual([]);
    } finally {
      table.mockRestore();
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
    expect(manifest.stacks.producer.annotations.filter((a: { level: string }) => a.level === '@cdktf/warn')).toHaveLength(2);
  });

  test('prints as the stack\'s validation shows them, before that stack is written', () => {
    // GIVEN an app with warnings, whose stack file does not exist yet
    const { app } = twoWarnings();
    const stackFile = path.join(app.outdir, 'stacks', 'producer', 'cdk.tf.json');
    let writtenWhenPrinted: boolean | undefined;
    const spy = jest.spyOn(process.stderr, 'write').mockImplementation(() => {
      writtenWhenPrinted ??= fs.existsSync(stackFile);
      return true;
    });
    try {
      app.synth();
    } finally {
      spy.mockRestore();
    }
    // THEN the warnings were printed before cdktf wrote the stack
    expect(writtenWhenPrinted).toBe(false);
    expect(fs.existsSync(stackFile)).toBe(true);
  });

  test('a warning an aspect acknowledges is neither printed nor in manifest.json (validations run after the stack\'s aspects)', () => {
    // GIVEN an aspect of the stack that acknowledges one of the two warnings (a team's policy)
    const { app, stack } = twoWarnings();
    Aspects.of(stack).add({ visit: (node) => { if (node === stack) StateBackendWarnings.acknowledge(stack, 'field/literal-secret', 'a placeholder'); } });
    // WHEN the app is synthesized THEN only the other warning is printed, and only it is in the manifest
    const printed = stderrOf(() => app.synth());
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('[azurerm/oidc-request-pair]');
    const manifest = JSON.parse(fs.readFileSync(path.join(app.outdir, 'manifest.json'), 'utf8'));
    expect(manifest.stacks.producer.annotations.filter((a: { level: string }) => a.level === '@cdktf/warn')).toHaveLength(1);
  });

  test('an app with skipValidation prints nothing (it runs no validation)', () => {
    const app = new App({ outdir: Testing.app().outdir, skipValidation: true });
    StateBackendTarget.terraform('1.11.4').applyTo(app);
    new AzurermBackend(new TerraformStack(app, 'producer'), { ...AZ, useOidc: true, oidcRequestToken: 'placeholder' });
    expect(stderrOf(() => app.synth())).toEqual([]);
  });

  test('a synth that throws still prints the warnings its stacks showed before it failed', () => {
    // GIVEN a stack with warnings, and a second whose validation fails (two backends)
    const { app } = twoWarnings();
    const broken = new TerraformStack(app, 'zz-broken');
    new GcsBackend(broken, { bucket: 'acme', prefix: 'broken' });
    broken.addOverride('terraform.backend.s3', { bucket: 'x' });
    // WHEN it is synthesized THEN it throws, and the first stack's two warnings were printed, each once
    let error: unknown;
    const printed = stderrOf(() => {
      try {
        app.synth();
      } catch (e) {
        error = e;
      }
    });
    expect(String(error)).toContain('[stack/one-backend]');
    expect(printed.filter((l) => l.startsWith('WARN [producer/backend]: '))).toHaveLength(2);
  });

  test('under a jsii host (JSII_AGENT set), a synth that printed waits 300 ms before it returns, so the host shows the output', () => {
    const savedAgent = process.env.JSII_AGENT;
    const waits = (agent: string | undefined, throws = false, quiet = false) => {
      if (agent === undefined) delete process.env.JSII_AGENT;
      else process.env.JSII_AGENT = agent;
      const { app, backend, stack } = twoWarnings();
      if (throws) stack.addOverride('terraform.backend.s3', { bucket: 'x' });
      if (quiet) StateBackendWarnings.acknowledge(backend, 'field/literal-secret', 'a placeholder');
      if (quiet) StateBackendWarnings.acknowledge(backend, 'azurerm/oidc-request-pair', 'a placeholder');
      const spy = jest.spyOn(Atomics, 'wait');
      try {
        stderrOf(() => {
          try {
            app.synth();
          } catch (e) {
            if (!throws) throw e;
          }
        });
        return spy.mock.calls.map((c) => c[3]);
      } finally {
        spy.mockRestore();
      }
    };
    try {
      // WHEN the same app is synthesized under a jsii host and in plain node THEN only the first waits
      expect(waits('Java/17.0.15')).toEqual([300]);
      expect(waits(undefined)).toEqual([]);
      // AND under a jsii host a synth that throws after printing waits too (mvn exec:java would drop the lines)
      expect(waits('Java/17.0.15', true)).toEqual([300]);
      // AND one that printed nothing does not wait
      expect(waits('Java/17.0.15', false, true)).toEqual([]);
    } finally {
      if (savedAgent === undefined) delete process.env.JSII_AGENT;
      else process.env.JSII_AGENT = savedAgent;
    }
  });

  test('an acknowledged warning is not printed', () => {
    const { app, backend } = twoWarnings();
    StateBackendWarnings.acknowledge(backend, 'field/literal-secret', 'a placeholder');
    const printed = stderrOf(() => app.synth());
    expect(printed).toHaveLength(1);
    expect(printed[0]).toContain('[azurerm/oidc-request-pair]');
  });

  test('a check that writes nothing (Testing.synth with validations) prints nothing', () => {
    const { stack } = twoWarnings();
    expect(stderrOf(() => Testing.synth(stack, true))).toEqual([]);
  });
});

describe('onStackSynthesis', () => {
  test('runs every callback of a construct, in order, with the stack\'s directory', () => {
    // GIVEN two callbacks on one construct (cdktf keeps one custom synthesis per construct)
    const app = Testing.app();
    const stack = new TerraformStack(app, 'network');
    const calls: string[] = [];
    onStackSynthesis(stack, (dir) => calls.push(`first ${path.relative(app.outdir, dir)}`));
    onStackSynthesis(stack, (dir) => calls.push(`second ${path.relative(app.outdir, dir)}`));
    // WHEN the app is synthesized THEN both ran, in order
    app.synth();
    expect(calls).toEqual(['first stacks/network', 'second stacks/network']);
  });
});

describe('warnings/strict', () => {
  test.each([['TRUE'], ['yes'], [1]])('fails if the strict key is %j, which it cannot read as on or off', (value) => {
    const own = StateBackendWarnings.STRICT_CONTEXT_KEY;
    const app = Testing.app({ context: { [own]: value } });
    const stack = new TerraformStack(app, 'producer');
    new AzurermBackend(stack, AZ);
    expect(() => Testing.synth(stack, true)).toThrow(`context key ${own}: got ${JSON.stringify(value)}, expected true or false (or "true" / "false") [warnings/strict]`);
  });

  test('reads "false" as off', () => {
    const app = Testing.app({ context: { [StateBackendWarnings.STRICT_CONTEXT_KEY]: 'false' } });
    const stack = new TerraformStack(app, 'producer');
    new AzurermBackend(stack, { ...AZ, useOidc: true, oidcRequestUrl: 'https://pipelines.actions.githubusercontent.com/token' });
    expect(() => Testing.synth(stack, true)).not.toThrow();
  });
});
