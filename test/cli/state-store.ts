/**
 * A new user's app deploys from nothing through the framework CLI (README "Quick start"): the app of
 * apps/typescript/bootstrap.ts (Bootstrap.java), a bootstrap stack holding a GcsStateBucket and two
 * stacks whose state lives in it, on fake-gcs-server behind the recording proxy
 * (test/support/gcs-store-runs.ts), with the Google provider from the providers' mirror through the
 * CLI config (TF_CLI_CONFIG_FILE), run by terraform (the one on PATH) or OpenTofu (the newest known
 * judge, through cdktf-cli's TERRAFORM_BINARY_NAME), the library's target in cdktf.json's context.
 * Every deploy is given `--skip-provider-lock`: the CLI's first init otherwise runs `providers lock`,
 * which asks the registry for the provider's checksums whatever the CLI config says (the mirror's
 * own checksum is in the lock file init writes).
 * As README "The first deploy" says: `deploy '*'` from nothing stops at the first init that needs the
 * bucket (the CLIs initialize every stack before deploying any); `deploy bootstrap` creates the bucket
 * (its settings in the create request the provider sent); the next synth notes the bootstrap's move
 * with its command, run as printed, which copies the state; then `deploy '*'` puts both stacks' states beside it.
 */
import * as fs from 'fs';
import * as path from 'path';
import { notesOf } from './recipes';
import { CliApp, cli, makeApp, readCdktfJson, requireCli, shell, writeCdktfJson } from './support';
import { NEWEST_KNOWN, TARGET_CONTEXT_KEY } from '../../src/private/target/target';
import { gcsObject, gcsObjects, parseState } from '../support/emulators';
import { RecordedGcs } from '../support/gcs-store-runs';
import { JUDGE_ROWS } from '../support/judge-rows';
import { opentofuBinary } from '../support/judges';
import { builtProvider } from '../support/providers';

const BUCKET = 'acme-tfstate';
const DEPLOY = ['--auto-approve', '--skip-provider-lock'];
/** The terraform on PATH is its judge row's release (in CI; elsewhere whatever is there judges). */
const TERRAFORM = JUDGE_ROWS.find((r) => r.build.from === 'path')!;

/** The tool a run uses: the library's target for it, and what the CLI is given to run it. */
function toolOf(tool: 'terraform' | 'opentofu'): { target: string; env: Record<string, string> } {
  if (tool === 'terraform') return { target: `terraform@${TERRAFORM.version}`, env: {} };
  const version = NEWEST_KNOWN.opentofu;
  return { target: `opentofu@${version}`, env: { TERRAFORM_BINARY_NAME: opentofuBinary(version) } };
}

/** Defines the state store's scenario of `app` with `tool`: one describe, its tests in order. */
export function describeStateStore(app: CliApp, tool: 'terraform' | 'opentofu', title: string): void {
  const { target, env } = toolOf(tool);
  const runnable = requireCli(app) && builtProvider('google') !== undefined && (tool === 'terraform' || fs.existsSync(env.TERRAFORM_BINARY_NAME));
  (runnable ? describe : describe.skip)(title, () => {
    let gcs: RecordedGcs;
    let dir: string;
    const runEnv = () => ({ ...gcs.env(), ...env, EMULATOR_UNIVERSE_DOMAIN: 'emulator.invalid' });
    const run = (args: string[]) => cli(gcs.ns, app, dir, args, runEnv());
    const ok = (r: ReturnType<typeof run>) => {
      if (r.status !== 0) throw new Error(`${app.framework} exited ${r.status}:\n${r.output}`);
      return r;
    };
    const stored = (name: string) => JSON.parse(gcsObject(gcs.ns, BUCKET, name) ?? 'null');
    const objects = () => gcsObjects(gcs.ns, BUCKET);
    const localState = () => path.join(dir, 'terraform.bootstrap.tfstate');

    beforeAll(() => {
      gcs = RecordedGcs.start();
      dir = makeApp(app, { main: 'bootstrap' });
      const config = readCdktfJson(dir);
      writeCdktfJson(dir, { ...config, context: { ...config.context, [TARGET_CONTEXT_KEY]: target } });
    });
    afterAll(() => gcs?.stop());

    // (the CLI's order, whatever tool it runs: shown once per app, with terraform)
    (tool === 'terraform' ? test : test.skip)('deploy \'*\' from nothing stops at the first init of a stack whose state is in the bucket, before deploying anything', () => {
      // WHEN every stack is deployed at once, nothing existing yet
      const r = run(['deploy', '*', ...DEPLOY]);
      // THEN the CLI fails: it initializes every stack before deploying any (CdktfProject.execute), and
      // network's init needs the bucket (README "The first deploy")
      expect(r.status).not.toBe(0);
      expect(r.output.replace(/\s+/g, ' ')).toMatch(/Failed to get existing workspaces: querying Cloud Storage failed: storage: bucket doesn't exist/);
      expect(gcs.bucket(BUCKET)).toBeUndefined();
    });

    test('deploy bootstrap: the bucket, on local state; its create request carries the bucket\'s settings', () => {
      // WHEN the bootstrap stack is deployed on its own
      ok(run(['deploy', 'bootstrap', ...DEPLOY]));
      // THEN the bucket exists and the bootstrap's local state records it
      expect(gcs.bucket(BUCKET)).toMatchObject({ name: BUCKET, versioning: { enabled: true } });
      expect(JSON.parse(fs.readFileSync(localState(), 'utf8')).resources.map((r: { type: string }) => r.type)).toEqual(['google_storage_bucket']);
      // AND the request that created it carries the settings (the emulator keeps only versioning)
      const inserts = gcs.requests().filter((r) => r.method === 'POST' && r.url.startsWith('/storage/v1/b?'));
      expect(inserts.map((r) => r.json.name)).toEqual([BUCKET]);
      expect(inserts[0].json).toMatchObject({
        location: 'EU',
        versioning: { enabled: true },
        lifecycle: { rule: [{ action: { type: 'Delete' }, condition: { daysSinceNoncurrentTime: 365, isLive: false } }] },
        softDeletePolicy: { retentionDurationSeconds: '604800' },
        iamConfiguration: { uniformBucketLevelAccess: { enabled: true }, publicAccessPrevention: 'enforced' },
      });
    });

    test('the next synth notes the bootstrap\'s move; its command puts the bootstrap\'s state in the bucket', () => {
      const local = parseState(fs.readFileSync(localState(), 'utf8'));
      // WHEN the app is synthesized again
      const synth = ok(run(['synth']));
      // THEN the CLI shows the move of the bootstrap's state, with the command that copies it
      const [note, ...others] = notesOf(synth.output);
      expect(others).toEqual([]);
      expect(note.text).toContain('stack bootstrap\'s state moves');
      expect(note.text).toContain('used a local backend, this synth names a gcs backend');
      // (the copy alone: -reconfigure would start the stack empty, and its next plan make the bucket again)
      expect(note.commands).toEqual([`TF_CLI_ARGS_init=-force-copy ${app.framework} diff bootstrap`]);
      // WHEN the copy runs as printed (for OpenTofu with --skip-provider-lock added: cdktf-cli finds no
      // registry.terraform.io entry in tofu's lock file, so it runs `providers lock`, which asks
      // registry.opentofu.org, out of this namespace's reach; a user's machine reaches it)
      const command = tool === 'opentofu' ? `${note.commands[0]} --skip-provider-lock` : note.commands[0];
      const copied = shell(gcs.ns, app, dir, command, runEnv());
      if (copied.status !== 0) throw new Error(`${command} exited ${copied.status}:\n${copied.output}`);
      // THEN its plan creates and destroys nothing (fake-gcs-server drops most of the settings the
      // provider sent, such as uniform access and the lifecycle rule, so the refresh finds them changed)
      expect(copied.output).toMatch(/No changes\.|Plan: 0 to add, \d+ to change, 0 to destroy\./);
      // THEN the bucket holds the bootstrap's state, with its local lineage
      expect(objects()).toEqual(['state-store/bootstrap/default.tfstate']);
      expect(stored('state-store/bootstrap/default.tfstate').lineage).toBe(local.lineage);
      expect(stored('state-store/bootstrap/default.tfstate').resources.map((r: { type: string }) => r.type)).toEqual(['google_storage_bucket']);
    });

    test('deploy \'*\': both stacks\' states in the bucket beside the bootstrap\'s, one read by the other', () => {
      // WHEN every stack is deployed
      const r = ok(run(['deploy', '*', ...DEPLOY]));
      // THEN nothing notes a move any more, and all three states live in the bucket
      expect(r.output).not.toContain('[stack/state-moved]');
      expect(objects()).toEqual(['network/default.tfstate', 'service/default.tfstate', 'state-store/bootstrap/default.tfstate']);
      // AND service read network's output through bucket.remoteState
      expect(stored('service/default.tfstate').outputs.network_vpc_id.value).toBe('vpc-0042');
    });
  });
}
