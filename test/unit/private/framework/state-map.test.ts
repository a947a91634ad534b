/**
 * The state map (src/private/framework/state-map.ts): every stack's state object per workspace, the
 * run's parts shown as such, and the stacks whose remote states read it; written beside the stacks
 * and printed as a table when the app is written.
 */
import * as fs from 'fs';
import * as path from 'path';
import { TerraformOutput, TerraformResource, TerraformStack, Testing } from 'cdktf';
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

describe('the state map', () => {
  test('names each stack\'s object per workspace, what the run gives, and who reads it', () => {
    // GIVEN the three stacks, synthesized (the cross-stack reference makes its remote state then)
    const app = threeStacks();
    const printed: string[] = [];
    const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => {
      printed.push(String(chunk));
      return true;
    });
    try {
      app.synth();
    } finally {
      spy.mockRestore();
    }
    // THEN the file beside the stacks holds every stack's object
    const file = JSON.parse(fs.readFileSync(path.join(app.outdir, 'state-map.json'), 'utf8'));
    expect(file.stacks).toEqual([
      { stack: 'platform', backend: 'gcs', container: 'bucket=<bucket given at init>', defaultWorkspace: 'platform/default.tfstate', otherWorkspaces: 'platform/<workspace>.tfstate', readBy: [] },
      { stack: 'network', backend: 'gcs', container: 'bucket="acme-tfstate"', defaultWorkspace: 'prod/network/default.tfstate', otherWorkspaces: 'prod/network/<workspace>.tfstate', readBy: ['platform', 'app'] },
      { stack: 'app', backend: 'gcs', container: 'bucket="acme-tfstate"', defaultWorkspace: 'prod/app/default.tfstate', otherWorkspaces: 'prod/app/<workspace>.tfstate', readBy: [] },
    ]);
    // AND the table was printed once
    const table = printed.join('');
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
