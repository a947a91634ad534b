/**
 * Changing where state lives, through the framework CLIs, on each store's emulator (fake-gcs-server,
 * Azurite), every step checked on the stored objects:
 * - one block for every environment, its bucket (container) given at init by a config file the
 *   library writes, passed to the CLI's `init` in TF_CLI_ARGS_init (neither CLI has an option for
 *   it); switching prod -> dev stops at "Backend configuration changed" until -reconfigure, which
 *   leaves prod's object as it was; --migrate-state there copies one environment's state over the
 *   other's, the CLI answering the question itself;
 * - adopting forEachStack moves every stack's object: the synth says so (stack/state-moved), and
 *   `deploy --migrate-state` copies each state (lineage and serial kept), leaving the old objects.
 */
import * as fs from 'fs';
import * as path from 'path';
import { BUCKET, CliApp, Store, StoreEmulator, cli, makeApp, requireStore, startStore } from './support';

/** Where each stack keeps its state, by layout and store (the tools' layouts, default workspace). */
const OBJECT = {
  gcs: { own: (stack: string) => `${stack}/default.tfstate`, forEachStack: (stack: string) => `prod/${stack}/default.tfstate` },
  azurerm: { own: (stack: string) => `${stack}.tfstate`, forEachStack: (stack: string) => `${stack}/prod.tfstate` },
} as const;
/** The config file's key for the bucket (container), and the address a user reads, per store. */
const WHERE = {
  gcs: (bucket: string) => `gcs bucket="${bucket}"`,
  azurerm: (container: string) => `azurerm storage_account_name="runtimeacct" container_name="${container}"`,
} as const;

/** Defines the state-moving suite of `app` on `store`: one describe, its tests in order, on one emulator. */
export function describeStateMoves(app: CliApp, store: Store, title: string): void {
  const runnable = requireStore(app, store);
  (runnable ? describe : describe.skip)(title, () => {
    let em: StoreEmulator;
    let dir: string;
    const run = (args: string[], extra: Record<string, string> = {}) => cli(em.ns, app, dir, args, { ...em.env, ...extra });
    const ok = (r: ReturnType<typeof run>) => {
      if (r.status !== 0) throw new Error(`${app.framework} exited ${r.status}:\n${r.output}`);
      return r;
    };
    const objects = () => Object.fromEntries([BUCKET, `${BUCKET}-prod`, `${BUCKET}-dev`].map((b) => [b, em.names(b)]));
    const own = OBJECT[store].own;
    const moved = OBJECT[store].forEachStack;

    beforeAll(() => {
      em = startStore(store);
      dir = makeApp(em.ns, app);
    });
    afterAll(() => em?.stop());

    test('each environment deploys with its config file in TF_CLI_ARGS_init; switching needs -reconfigure and leaves prod as it was', () => {
      // GIVEN the network stack alone, its bucket (container) left to init, prod.tfbackend and dev.tfbackend beside it
      const env = { SCENARIO: 'environments' };
      const out = ['--output', 'cdktf.env.out'];
      // WHEN it is deployed with prod's file
      ok(run(['deploy', 'network', '--auto-approve', ...out], { ...env, TF_CLI_ARGS_init: '-backend-config=prod.tfbackend' }));
      // THEN prod's bucket holds its state, dev's nothing
      expect(objects()).toEqual({ [BUCKET]: [], [`${BUCKET}-prod`]: [own('network')], [`${BUCKET}-dev`]: [] });
      const prod = em.state(`${BUCKET}-prod`, own('network'));
      expect(prod.resources).toEqual(['terraform_data.vpc']);
      // AND the stack's directory keeps the backend init used, the file's value merged in (what the library reads at synth)
      const recorded = JSON.parse(fs.readFileSync(path.join(dir, 'cdktf.env.out', 'stacks', 'network', '.terraform', 'terraform.tfstate'), 'utf8'));
      expect(recorded.backend.config[store === 'gcs' ? 'bucket' : 'container_name']).toBe(`${BUCKET}-prod`);

      // WHEN dev's file is given without -reconfigure THEN init stops, and nothing is written
      const refused = run(['deploy', 'network', '--auto-approve', ...out], { ...env, TF_CLI_ARGS_init: '-backend-config=dev.tfbackend' });
      expect(refused.status).not.toBe(0);
      expect(refused.output).toContain('Backend configuration changed');
      expect(objects()[`${BUCKET}-dev`]).toEqual([]);

      // WHEN it is given with -reconfigure THEN dev gets a state of its own, and prod's object is as it was
      ok(run(['deploy', 'network', '--auto-approve', ...out], { ...env, TF_CLI_ARGS_init: '-reconfigure -backend-config=dev.tfbackend' }));
      expect(objects()).toEqual({ [BUCKET]: [], [`${BUCKET}-prod`]: [own('network')], [`${BUCKET}-dev`]: [own('network')] });
      const dev = em.state(`${BUCKET}-dev`, own('network'));
      expect(dev.resources).toEqual(['terraform_data.vpc']);
      expect(dev.lineage).not.toBe(prod.lineage);
      expect(em.state(`${BUCKET}-prod`, own('network'))).toEqual(prod);

      // WHEN, from dev, prod's file is given with --migrate-state (what never to do between environments)
      ok(run(['deploy', 'network', '--auto-approve', '--migrate-state', ...out], { ...env, TF_CLI_ARGS_init: '-backend-config=prod.tfbackend' }));
      // THEN the CLI answered "yes" itself and prod's object now holds dev's state: prod's own lineage is gone from it
      expect(em.state(`${BUCKET}-prod`, own('network')).lineage).toBe(dev.lineage);
    });

    test('adopting forEachStack: the synth names the moved objects, and deploy --migrate-state copies each state, leaving the old', () => {
      // GIVEN both stacks deployed with their own backends
      ok(run(['deploy', 'network', 'app', '--auto-approve']));
      expect(objects()[BUCKET]).toEqual([own('app'), own('network')].sort());
      const before = { network: em.state(BUCKET, own('network')), app: em.state(BUCKET, own('app')) };

      // WHEN the app adopts forEachStack and is synthesized
      const synth = ok(run(['synth'], { SCENARIO: 'for-each-stack' }));
      // THEN the synth says, for each stack, which object moved where and how to move the state
      for (const stack of ['network', 'app']) {
        expect(synth.output).toContain(
          `WARN [${stack}/backend]: stack ${stack}'s state moves: the last init in ${path.join('cdktf.out', 'stacks', stack)} used ` +
            `${WHERE[store](BUCKET)}, object "${own(stack)}", this synth names ${WHERE[store](BUCKET)}, object "${moved(stack)}"; ` +
            `to copy the state there: ${app.framework} deploy ${stack} --migrate-state`,
        );
      }

      // AND the CLI showed the state map the synth printed: each stack's new object, and who reads it
      expect(synth.output).toContain(`state objects (${path.join('cdktf.out', 'state-map.json')}):`);
      const row = synth.output.split('\n').find((l) => l.startsWith('network ') && l.includes(moved('network')));
      expect(row).toMatch(/\sapp$/);
      const map = JSON.parse(fs.readFileSync(path.join(dir, 'cdktf.out', 'state-map.json'), 'utf8')).stacks;
      expect(map.map((m: { stack: string; defaultWorkspace: string; readBy: string[] }) => [m.stack, m.defaultWorkspace, m.readBy]))
        .toEqual([['network', moved('network'), ['app']], ['app', moved('app'), []]]);

      if (store === 'gcs') {
        // WHEN both are deployed with --migrate-state, as on a terminal (the CLI answers init's question itself)
        ok(run(['deploy', 'network', 'app', '--auto-approve', '--migrate-state'], { SCENARIO: 'for-each-stack' }));
      } else {
        // WHEN, as in CI (TF_INPUT=0), --migrate-state cannot answer: init fails, and nothing is copied
        const ci = run(['deploy', 'network', 'app', '--auto-approve', '--migrate-state'], { SCENARIO: 'for-each-stack', TF_INPUT: '0' });
        expect(ci.status).not.toBe(0);
        expect(ci.output).toContain('input is disabled');
        // (the tool made the first stack's new object while listing its workspaces: empty, no state copied into it)
        expect(objects()[BUCKET]).toEqual([own('app'), own('network'), moved('network')].sort());
        expect(em.state(BUCKET, moved('network')).resources).toEqual([]);
        // AND -force-copy in TF_CLI_ARGS_init copies without a question (it implies -migrate-state)
        ok(run(['deploy', 'network', 'app', '--auto-approve'], { SCENARIO: 'for-each-stack', TF_INPUT: '0', TF_CLI_ARGS_init: '-force-copy' }));
      }
      // THEN each state is in its new object, lineage and serial kept, and the old objects are left as they were
      expect(objects()[BUCKET]).toEqual([own('app'), own('network'), moved('app'), moved('network')].sort());
      for (const stack of ['network', 'app'] as const) {
        const now = em.state(BUCKET, moved(stack));
        expect({ stack, lineage: now.lineage, resources: now.resources, outputs: now.outputs })
          .toEqual({ stack, lineage: before[stack].lineage, resources: before[stack].resources, outputs: before[stack].outputs });
        // (the copy is written as a later snapshot of the same lineage; the app's apply then writes its refreshed read of the network)
        expect(now.serial).toBeGreaterThan(before[stack].serial);
        expect(em.state(BUCKET, own(stack))).toEqual(before[stack]);
      }
      // AND the next synth says nothing of a move
      expect(ok(run(['synth'], { SCENARIO: 'for-each-stack' })).output).not.toContain('[stack/state-moved]');
    });
  });
}
