/**
 * The state map (src/private/framework/state-map.ts): every stack's state object per workspace, the
 * run's parts shown as such, and the stacks whose remote states read it; written beside the stacks
 * once the app is written (aspects' overrides in), and printed as a table only when a framework CLI
 * runs the app.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, Aspects, CloudBackend, GcsBackend as CdktfGcsBackend, HttpBackend, LocalBackend, NamedCloudWorkspace, TerraformOutput, TerraformLocal, TerraformResource, TerraformStack, Testing } from 'cdktf';
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
      { stack: 'network', backend: 'gcs', container: 'bucket="acme-tfstate"', defaultWorkspace: 'prod/network/default.tfstate', otherWorkspaces: 'prod/network/<workspace>.tfstate', readBy: ['app', 'platform'] },
      { stack: 'app', backend: 'gcs', container: 'bucket="acme-tfstate"', defaultWorkspace: 'prod/app/default.tfstate', otherWorkspaces: 'prod/app/<workspace>.tfstate', readBy: [] },
      { stack: 'platform', backend: 'gcs', container: 'bucket=<bucket given at init>', defaultWorkspace: 'platform/default.tfstate', otherWorkspaces: 'platform/<workspace>.tfstate', readBy: [] },
    ]);
    // AND the table was printed once, with the CLI's output
    expect(table.split('state objects (').length - 1).toBe(1);
    expect(table).toBe([
      `state objects (${path.join(app.outdir, 'state-map.json')}):`,
      'stack     backend  where                          default workspace             other workspaces                  read by',
      'network   gcs      bucket="acme-tfstate"          prod/network/default.tfstate  prod/network/<workspace>.tfstate  app, platform',
      'app       gcs      bucket="acme-tfstate"          prod/app/default.tfstate      prod/app/<workspace>.tfstate      -',
      'platform  gcs      bucket=<bucket given at init>  platform/default.tfstate      platform/<workspace>.tfstate      -',
      '',
    ].join('\n'));
  });

  test('an app run on its own, or in a test, writes the file and prints no table', () => {
    const app = threeStacks();
    expect(stdoutOf(app, false)).toBe('');
    expect(mapFile(app).map((m: { stack: string }) => m.stack)).toEqual(['network', 'app', 'platform']);
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

  test('holds the object an Aspect of another construct of a later stack gives its backend', () => {
    // GIVEN two stacks, the second's prefix set by an Aspect on another of its constructs
    const app = Testing.app();
    new GcsBackend(new TerraformStack(app, 'network'), { bucket: 'acme-tfstate', prefix: 'network' });
    const database = new TerraformStack(app, 'database');
    const backend = new GcsBackend(database, { bucket: 'acme-tfstate', prefix: 'database' });
    Aspects.of(new TerraformLocal(database, 'tags', { team: 'x' })).add({ visit: () => backend.addOverride('prefix', 'database-v2') });
    // WHEN the app is synthesized THEN the map names the object the stack's cdk.tf.json names
    stdoutOf(app, false);
    const written = JSON.parse(fs.readFileSync(path.join(app.outdir, 'stacks', 'database', 'cdk.tf.json'), 'utf8'));
    expect(written.terraform.backend.gcs.prefix).toBe('database-v2');
    expect(mapFile(app)[1].defaultWorkspace).toBe('database-v2/default.tfstate');
  });

  test('a second synth of the app maps the block as it is then (an override added after the first)', () => {
    // GIVEN an app synthesized once, then given an override of its backend's prefix
    const app = Testing.app();
    const backend = new GcsBackend(new TerraformStack(app, 'network'), { bucket: 'acme-tfstate', prefix: 'network' });
    stdoutOf(app, false);
    expect(mapFile(app)[0].defaultWorkspace).toBe('network/default.tfstate');
    backend.addOverride('prefix', 'moved/network');
    // WHEN it is synthesized again THEN the map names the new object, not what the first synth's checks read
    stdoutOf(app, false);
    expect(mapFile(app)[0].defaultWorkspace).toBe('moved/network/default.tfstate');
  });

  test('a synth that runs no check maps the block as it is then, not as checks before it read it', () => {
    // GIVEN an app that skips validation, whose stack was checked once (Testing.synth with validations), then given an override
    const app = new App({ outdir: Testing.app().outdir, skipValidation: true });
    const stack = new TerraformStack(app, 'network');
    const backend = new GcsBackend(stack, { bucket: 'acme-tfstate', prefix: 'network' });
    Testing.synth(stack, true);
    backend.addOverride('prefix', 'moved/network');
    // WHEN the app is synthesized THEN the map names the object the block names now
    stdoutOf(app, false);
    expect(mapFile(app)[0].defaultWorkspace).toBe('moved/network/default.tfstate');
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

  test('lists every stack whichever backend it has: cdktf\'s own, the local backend (cdktf\'s default too), a block an override adds, one it does not model', () => {
    // GIVEN an app half-way through a migration: one stack on this library, the others on cdktf's backends or none
    const app = Testing.app();
    StateBackendTarget.terraform('1.11.4').applyTo(app);
    const network = new TerraformStack(app, 'network');
    new CdktfGcsBackend(network, { bucket: 'acme-tfstate', prefix: 'network' });
    const vpc = new TerraformResource(network, 'vpc', { terraformResourceType: 'terraform_data' });
    const database = new TerraformStack(app, 'database');
    new GcsBackend(database, { bucket: 'acme-tfstate', prefix: 'database' });
    new TerraformOutput(database, 'vpc', { value: vpc.getStringAttribute('id') });
    new LocalBackend(new TerraformStack(app, 'tools'), { path: 'tools.tfstate', workspaceDir: 'ws' });
    new TerraformStack(app, 'scratch');
    // (cdktf gives a stack with no backend construct a local one: the raw block replaces it)
    const legacy = new TerraformStack(app, 'legacy');
    legacy.addOverride('terraform.backend', { local: undefined, s3: { bucket: 'old-state', key: 'legacy.tfstate', region: 'eu-west-1' } });
    new CloudBackend(new TerraformStack(app, 'hosted'), { organization: 'acme', workspaces: new NamedCloudWorkspace('hosted') });
    new HttpBackend(new TerraformStack(app, 'http'), { address: 'https://state.example.com/http', password: '<PASSWORD>' });
    // WHEN the app is synthesized
    stdoutOf(app, false);
    // THEN every stack is on the map, in the order the app holds them, and the cross-stack reference reads cdktf's gcs object
    // (a local path is shown from the current directory, or in full where it lies outside it)
    const shown = (p: string) => (path.relative(process.cwd(), p).startsWith('..') ? p : path.relative(process.cwd(), p));
    const dir = (id: string) => shown(path.join(app.outdir, 'stacks', id));
    expect(mapFile(app)).toEqual([
      { stack: 'network', backend: 'gcs', container: 'bucket="acme-tfstate"', defaultWorkspace: 'network/default.tfstate', otherWorkspaces: 'network/<workspace>.tfstate', readBy: ['database'] },
      { stack: 'database', backend: 'gcs', container: 'bucket="acme-tfstate"', defaultWorkspace: 'database/default.tfstate', otherWorkspaces: 'database/<workspace>.tfstate', readBy: [] },
      { stack: 'tools', backend: 'local', container: 'file', defaultWorkspace: path.join(dir('tools'), 'tools.tfstate'), otherWorkspaces: path.join(dir('tools'), 'ws', '<workspace>', 'terraform.tfstate'), readBy: [] },
      { stack: 'scratch', backend: 'local', container: 'file', defaultWorkspace: 'terraform.scratch.tfstate', otherWorkspaces: path.join(dir('scratch'), 'terraform.tfstate.d', '<workspace>', 'terraform.tfstate'), readBy: [] },
      { stack: 'legacy', backend: 's3', container: 'bucket="old-state"', defaultWorkspace: 'legacy.tfstate', otherWorkspaces: 'env:/<workspace>/legacy.tfstate', readBy: [] },
      { stack: 'hosted', backend: 'cloud', container: 'organization="acme"', defaultWorkspace: 'workspace hosted', otherWorkspaces: 'workspace hosted', readBy: [] },
      { stack: 'http', backend: 'http', container: '-', defaultWorkspace: '(not modelled)', otherWorkspaces: '(not modelled)', readBy: [] },
    ]);
    expect(fs.readFileSync(path.join(app.outdir, 'state-map.json'), 'utf8')).not.toContain('<PASSWORD>');
  });

  test('an app that uses the library only to set its target writes the map too', () => {
    const app = Testing.app();
    StateBackendTarget.opentofu('1.12.6').applyTo(app);
    const stack = new TerraformStack(app, 'network');
    new CdktfGcsBackend(stack, { bucket: 'acme-tfstate', prefix: '${terraform.workspace}/network' });
    stdoutOf(app, false);
    expect(mapFile(app)).toEqual([
      { stack: 'network', backend: 'gcs', container: 'bucket="acme-tfstate"', defaultWorkspace: '${terraform.workspace}/network/default.tfstate', otherWorkspaces: '${terraform.workspace}/network/<workspace>.tfstate', readBy: [] },
    ]);
  });

  test('prints nothing for an app without stacks', () => {
    expect(stateMapTable([], 'state-map.json')).toBe('');
  });
});
