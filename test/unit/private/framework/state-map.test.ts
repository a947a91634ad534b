/**
 * The state map (src/private/framework/state-map.ts): every stack's state object per workspace, the
 * run's parts shown as such, and the stacks whose remote states read it; written beside the stacks
 * once the app is written (aspects' overrides in), and printed as a table only when a framework CLI
 * runs the app.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, Aspects, TerraformOutput, TerraformResource, TerraformStack, Testing } from 'cdktf';
import { DataTerraformRemoteStateGcs, GcsBackend, StateBackendTarget, StateBackendValue } from '../../../../src';
import { stateMap, stateMapTable } from '../../../../src/private/framework/state-map';

/** An app with a network stack, an app stack reading it (a cross-stack reference), and a platform stack whose bucket the run gives. */
function threeStacks() {
  const app = Testing.app();
  StateBackendTarget.terraform('1.11.4').applyTo(app);
  const network = new TerraformStack(app, 'network');
  const vpc = new TerraformResource(network, 'vpc', { terraformResourceType: 'terraform_data' });
  const appStack = new TerraformStack(app, 'app');
  new TerraformOutput(appStack, 'vpc_id', { value: vpc.getStringAttribute('id') });
  const platform = new TerraformStack(app, 'platform');
  new GcsBackend(platform, { bucket: StateBackendValue.fromInit(), prefix: 'platform' });
  // platform also reads network's state by hand, in its run's own workspace
  new DataTerraformRemoteStateGcs(platform, 'network', { bucket: 'acme-tfstate', prefix: 'prod/network', workspace: '${terraform.workspace}' });
  GcsBackend.forEachStack(app, { bucket: 'acme-tfstate', prefix: 'prod' });
  return app;
}

const CLI_VARIABLE = 'CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS';

/** What `app.synth()` writes to stdout, run as a framework CLI runs it (`cli`) or on its own. */
function stdoutOf(app: App, cli: boolean): string {
  const saved = process.env[CLI_VARIABLE];
  if (cli) process.env[CLI_VARIABLE] = 'true';
  else delete process.env[CLI_VARIABLE];
  const printed: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => {
    printed.push(String(chunk));
    return true;
  });
  // (the warnings an app run on its own prints go to stderr)
  const quiet = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  try {
    app.synth();
  } finally {
    spy.mockRestore();
    quiet.mockRestore();
    if (saved === undefined) delete process.env[CLI_VARIABLE];
    else process.env[CLI_VARIABLE] = saved;
  }
  return printed.join('');
}

const mapFile = (app: App) => JSON.parse(fs.readFileSync(path.join(app.outdir, 'state-map.json'), 'utf8')).stacks;

describe('the state map', () => {
  test('names each stack\'s object per workspace, what the run gives, and who reads it', () => {
    // GIVEN the three stacks, synthesized as a framework CLI runs the app (the cross-stack reference makes its remote state then)
    const app = threeStacks();
    const table = stdoutOf(app, true);
    // THEN the file beside the stacks holds every stack's object
    expect(mapFile(app)).toEqual([
      { stack: 'platform', backend: 'gcs', container: 'bucket=<bucket given at init>', defaultWorkspace: 'platform/default.tfstate', otherWorkspaces: 'platform/<workspace>.tfstate', readBy: [] },
      { stack: 'network', backend: 'gcs', container: 'bucket="acme-tfstate"', defaultWorkspace: 'prod/network/default.tfstate', otherWorkspaces: 'prod/network/<workspace>.tfstate', readBy: ['platform', 'app'] },
      { stack: 'app', backend: 'gcs', container: 'bucket="acme-tfstate"', defaultWorkspace: 'prod/app/default.tfstate', otherWorkspaces: 'prod/app/<workspace>.tfstate', readBy: [] },
    ]);
    // AND the table was printed once, with the CLI's output
    expect(table.split('state objects (').length - 1).toBe(1);
    expect(table).toBe([
      `state objects (${path.join(app.outdir, 'state-map.json')}):`,
      'stack     backend  where                          default workspace             other workspaces                  read by',
      'platform  gcs      bucket=<bucket given at init>  platform/default.tfstate      platform/<workspace>.tfstate      -',
      'network   gcs      bucket="acme-tfstate"          prod/network/default.tfstate  prod/network/<workspace>.tfstate  platform, app',
      'app       gcs      bucket="acme-tfstate"          prod/app/default.tfstate      prod/app/<workspace>.tfstate      -',
      '',
    ].join('\n'));
  });

  test('an app run on its own, or in a test, writes the file and prints no table', () => {
    const app = threeStacks();
    expect(stdoutOf(app, false)).toBe('');
    expect(mapFile(app).map((m: { stack: string }) => m.stack)).toEqual(['platform', 'network', 'app']);
  });

  test('an app with skipValidation prints no table, under a CLI too', () => {
    const app = new App({ outdir: Testing.app().outdir, skipValidation: true });
    new GcsBackend(new TerraformStack(app, 'network'), { bucket: 'acme-tfstate', prefix: 'network' });
    expect(stdoutOf(app, true)).toBe('');
    expect(mapFile(app)).toHaveLength(1);
  });

  test('holds the objects the synth wrote: an aspect\'s override of the prefix counts', () => {
    // GIVEN a stack whose aspect puts every backend's prefix under the environment (a team's policy)
    const app = Testing.app();
    const network = new TerraformStack(app, 'network');
    new GcsBackend(network, { bucket: 'acme-tfstate', prefix: 'network' });
    Aspects.of(network).add({ visit: (node) => { if (node instanceof GcsBackend) node.addOverride('prefix', 'prod/network'); } });
    // WHEN the app is synthesized THEN the map names the object the stack's cdk.tf.json names
    stdoutOf(app, false);
    const written = JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', 'network', 'cdk.tf.json'), 'utf8'));
    expect(written.terraform.backend.gcs.prefix).toBe('prod/network');
    expect(mapFile(app)[0].defaultWorkspace).toBe('prod/network/default.tfstate');
  });

  test('a remote state of another workspace reads that workspace\'s object only', () => {
    const app = Testing.app();
    const network = new TerraformStack(app, 'network');
    new GcsBackend(network, { bucket: 'acme-tfstate', prefix: 'network' });
    const staging = new TerraformStack(app, 'staging');
    new GcsBackend(staging, { bucket: 'acme-tfstate', prefix: 'staging' });
    new DataTerraformRemoteStateGcs(staging, 'prod', { bucket: 'acme-tfstate', prefix: 'network', workspace: 'prod' });
    new DataTerraformRemoteStateGcs(staging, 'other', { bucket: 'acme-tfstate', prefix: 'elsewhere' });
    expect(stateMap(app).map((m) => [m.stack, m.readBy])).toEqual([['network', ['staging']], ['staging', []]]);
  });

  test('prints nothing for an app without this library\'s backends', () => {
    expect(stateMapTable([], 'state-map.json')).toBe('');
  });
});
