/**
 * The target tool and version (src/target.ts): the typed helper, the context key, and output and
 * checks that follow the target.
 */
import { App, TerraformStack, Testing } from 'cdktf';
import { AzurermBackend, StateBackendTarget, TargetTool } from '../../src';
import { DEFAULT_TARGET } from '../../src/private/target/target';
import { warningsOf } from '../support/annotations';
import { FLAVOUR } from '../support/flavour';

/** `cdktf-state-backends:target`, or `cdktn-state-backends:target` in the cdktn package. */
const KEY = StateBackendTarget.CONTEXT_KEY;

describe('StateBackendTarget', () => {
  test('builds and prints targets', () => {
    expect(StateBackendTarget.terraform('1.11.4').toString()).toBe('terraform@1.11.4');
    expect(StateBackendTarget.opentofu('1.12.6').tool).toBe(TargetTool.OPENTOFU);
    expect(StateBackendTarget.parse('OpenTofu@1.12.6').toString()).toBe('opentofu@1.12.6');
    expect(StateBackendTarget.DEFAULT.toString()).toBe(`terraform@${DEFAULT_TARGET.version}`);
    expect(KEY).toBe(`${FLAVOUR}-state-backends:target`);
  });

  test.each([
    ['tofu@1.8.0', `${KEY}: got "tofu@1.8.0", expected "terraform@<x.y.z>" or "opentofu@<x.y.z>", for example "terraform@${DEFAULT_TARGET.version}"`],
    ['terraform@1.11', `${KEY}: got "terraform@1.11", expected "terraform@<x.y.z>" or "opentofu@<x.y.z>", for example "terraform@${DEFAULT_TARGET.version}"`],
    ['terraform', `${KEY}: got "terraform", expected "terraform@<x.y.z>" or "opentofu@<x.y.z>", for example "terraform@${DEFAULT_TARGET.version}"`],
    ['opentofu@1.5.0', `${KEY}: got "opentofu@1.5.0", the oldest opentofu release this library knows is 1.6.0`],
  ])('fails to parse %p', (text, message) => {
    expect(() => StateBackendTarget.parse(text)).toThrow(message);
  });

  test('the default applies without context; applyTo sets it for an app or a single stack', () => {
    const app = Testing.app();
    // The cdktn package reports the first target of cdktn's default targetVersions instead.
    expect(StateBackendTarget.of(app).toString()).toBe(FLAVOUR === 'cdktf' ? `terraform@${DEFAULT_TARGET.version}` : 'terraform@1.5.7');
    const tofuStack = new TerraformStack(app, 'tofu');
    StateBackendTarget.opentofu('1.12.6').applyTo(tofuStack);
    const tfStack = new TerraformStack(app, 'tf');
    expect(StateBackendTarget.of(tofuStack).toString()).toBe('opentofu@1.12.6');
    expect(StateBackendTarget.of(tfStack).toString()).toBe(FLAVOUR === 'cdktf' ? `terraform@${DEFAULT_TARGET.version}` : 'terraform@1.5.7');
  });

  test('the context can come from the app config (as cdktf.json context does)', () => {
    const app = new App({ outdir: Testing.app().outdir, context: { [KEY]: 'terraform@1.11.4' } });
    expect(StateBackendTarget.of(new TerraformStack(app, 's')).toString()).toBe('terraform@1.11.4');
  });

  test('fails if the context holds something that is not a target', () => {
    const app = new App({ outdir: Testing.app().outdir, context: { [KEY]: 1.11 } });
    const stack = new TerraformStack(app, 's');
    expect(() => new AzurermBackend(stack, { storageAccountName: 'a', containerName: 'c', key: 'k' })).toThrow(
      `${KEY}: got a number, expected "terraform@<x.y.z>" or "opentofu@<x.y.z>"`,
    );
    expect(stack.node.tryFindChild('backend')).toBeUndefined();
  });

  test('fails if applied after constructs were added', () => {
    const app = Testing.app();
    new TerraformStack(app, 's');
    expect(() => StateBackendTarget.terraform('1.11.4').applyTo(app)).toThrow(/Cannot set context after children have been added/);
  });
});

describe('one config, three targets', () => {
  const CONFIG = {
    storageAccountName: 'acmetfstate',
    containerName: 'tfstate',
    key: 'prod.tfstate',
    resourceGroupName: 'rg',
    useOidc: true,
    useGraphApi: true,
    adoServiceConnectionId: '00000000-0000-0000-0000-000000000004',
    environment: 'usgovernment',
  };

  function synthFor(target: string) {
    const app = Testing.app();
    app.node.setContext(StateBackendTarget.CONTEXT_KEY, target);
    const stack = new TerraformStack(app, 'producer');
    new AzurermBackend(stack, CONFIG);
    return { backend: JSON.parse(Testing.synth(stack)).terraform.backend.azurerm, warnings: warningsOf(stack) };
  }

  test('terraform@1.0.0 lacks the newer fields and says since when each exists', () => {
    expect(() => synthFor('terraform@1.0.0')).toThrow(
      [
        'invalid azurerm backend (target terraform@1.0.0) at producer/backend:',
        '- useOidc: got true, but terraform 1.0.0 does not have it yet; it is first available in terraform 1.2.0 [field/availability]',
        '- adoServiceConnectionId: got "00000000-0000-0000-0000-000000000004", but terraform 1.0.0 does not have it yet; it is first available in terraform 1.11.2 [field/availability]',
        '- useGraphApi: got true, but terraform 1.0.0 does not have it yet; it is first available in terraform 1.1.0 (and removed again in 1.3.0) [field/availability]',
      ].join('\n'),
    );
  });

  test('terraform@1.2.9 emits use_microsoft_graph', () => {
    const { adoServiceConnectionId: _, ...older } = CONFIG;
    const app = Testing.app();
    StateBackendTarget.terraform('1.2.9').applyTo(app);
    const stack = new TerraformStack(app, 'producer');
    new AzurermBackend(stack, older);
    expect(JSON.parse(Testing.synth(stack)).terraform.backend.azurerm.use_microsoft_graph).toBe(true);
  });

  test('terraform@1.11.4 spells the ADO id its way and leaves out use_microsoft_graph', () => {
    const { backend, warnings } = synthFor('terraform@1.11.4');
    expect(backend).toEqual({
      resource_group_name: 'rg',
      storage_account_name: 'acmetfstate',
      container_name: 'tfstate',
      key: 'prod.tfstate',
      environment: 'usgovernment',
      use_oidc: true,
      ado_pipeline_service_connection_id: '00000000-0000-0000-0000-000000000004',
    });
    expect(warnings).toEqual([
      'useGraphApi is left out of the output: terraform removed use_microsoft_graph in 1.3.0 and has used microsoft graph ever since, so true is already the behaviour of terraform 1.11.4 [field/implied-value]',
    ]);
  });

  test('opentofu@1.12.6 spells the ADO id its way and never emits use_microsoft_graph', () => {
    const { backend, warnings } = synthFor('opentofu@1.12.6');
    expect(backend.ado_service_connection_id).toBe('00000000-0000-0000-0000-000000000004');
    expect(backend.ado_pipeline_service_connection_id).toBeUndefined();
    expect(backend.use_microsoft_graph).toBeUndefined();
    expect(warnings).toEqual([
      'useGraphApi is left out of the output: opentofu never had use_microsoft_graph and always uses microsoft graph, so true is already the behaviour of opentofu 1.12.6 [field/implied-value]',
    ]);
  });
});
