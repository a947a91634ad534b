/**
 * Changing where state lives, through the framework CLIs, on each store's emulator (fake-gcs-server,
 * Azurite), every step checked on the stored objects:
 * - one block for every environment, its bucket (container) given at init by a config file the
 *   library writes, passed to the CLI's `init` in TF_CLI_ARGS_init (neither CLI has an option for
 *   it); switching prod -> dev stops at "Backend configuration changed" until -reconfigure, which
 *   leaves prod's object as it was; --migrate-state there copies one environment's state over the
 *   other's, the CLI answering the question itself;
 * - a value given at init (a pull request's object) is the run's, not a move; a run without it is told its init keeps that object;
 * - moving every environment's object: the synth lists each, and its recipe moves one (lineage kept);
 * - adopting forEachStack moves every stack's object: the synth says so (stack/state-moved), and
 *   `deploy --migrate-state` copies each state (lineage and serial kept), leaving the old objects;
 * - renaming a stack: the synth names the directory the CLI deletes, and its two commands, run as
 *   printed, move the state (test/cli/recipes.ts follows every kind of note's commands as printed).
 */
import * as fs from 'fs';
import * as path from 'path';
import { BUCKET, CliApp, Store, StoreEmulator, cli, makeApp, requireStore, shell, startStore } from './support';

/** Where each stack keeps its state, by layout and store (the tools' layouts, default workspace). */
const OBJECT = {
  gcs: { own: (stack: string) => `${stack}/default.tfstate`, forEachStack: (stack: string) => `prod/${stack}/default.tfstate` },
  azurerm: { own: (stack: string) => `${stack}.tfstate`, forEachStack: (stack: string) => `${stack}/prod.tfstate` },
} as const;
/** The key that names the object in a store's block, and its values in the scenarios (a pull request's, before and after a move). */
const OBJECT_KEY = { gcs: 'prefix', azurerm: 'key' } as const;
const PR = { gcs: 'pr-42', azurerm: 'pr-42.tfstate' } as const;
const PR_OBJECT = { gcs: 'pr-42/default.tfstate', azurerm: 'pr-42.tfstate' } as const;
const OLD_VALUE = { gcs: 'network', azurerm: 'network.tfstate' } as const;
const MOVED_OBJECT = { gcs: 'moved/network/default.tfstate', azurerm: 'moved/network.tfstate' } as const;
const FOR_EACH_VALUE = { gcs: (stack: string) => `prod/${stack}`, azurerm: (stack: string) => `${stack}/prod.tfstate` } as const;
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
      dir = makeApp(app);
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
      const copied = ok(run(['deploy', 'network', '--auto-approve', '--migrate-state', ...out], { ...env, TF_CLI_ARGS_init: '-backend-config=prod.tfbackend' }));
      // THEN the synth said that this command copies one environment's state over the other's (it sees the CLI's --migrate-state), and how to switch instead
      expect(copied.output).toContain(
        `WARN [network/backend]: stack network's run copies one environment's state over another's: the last init in ${path.join('cdktf.env.out', 'stacks', 'network')} used ` +
          `${WHERE[store](`${BUCKET}-dev`)}, object "${own('network')}" (dev.tfbackend), this run's init names ${WHERE[store](`${BUCKET}-prod`)}, object "${own('network')}" (prod.tfbackend), ` +
          `and copies the first over the second (${app.framework} deploy --migrate-state); ` +
          `to switch environments instead: TF_CLI_ARGS_init="-reconfigure -backend-config=prod.tfbackend" ${app.framework} diff network --output cdktf.env.out; ` +
          'never copy between environments (--migrate-state, -migrate-state, -force-copy): it copies dev.tfbackend\'s state over prod.tfbackend\'s [stack/state-moved]',
      );
      // AND the CLI answered "yes" itself and prod's object now holds dev's state: prod's own lineage is gone from it
      expect(em.state(`${BUCKET}-prod`, own('network')).lineage).toBe(dev.lineage);
    });

    test('a value given at init (a pull request\'s object) is the run\'s: no note with it, and one without it, where init keeps that object', () => {
      // GIVEN the network deployed with prod's file and its object's name given at init
      const out = ['--output', 'cdktf.pr.out'];
      const pr = { SCENARIO: 'environments', TF_CLI_ARGS_init: `-backend-config=prod.tfbackend -backend-config=${OBJECT_KEY[store]}=${PR[store]}` };
      ok(run(['deploy', 'network', '--auto-approve', ...out], pr));
      expect(objects()[`${BUCKET}-prod`]).toContain(PR_OBJECT[store]);
      // WHEN it is synthesized again with the same values THEN no synth says the state moves
      expect(ok(run(['synth', ...out], pr)).output).not.toContain('[stack/state-moved]');
      // AND with none, the synth says the directory's init keeps the pull request's object, not the block's
      expect(ok(run(['synth', ...out], { SCENARIO: 'environments' })).output).toContain(
        `WARN [network/backend]: stack network's directory is still at the object its last init was given: the last init in ${path.join('cdktf.pr.out', 'stacks', 'network')} used ` +
          `${WHERE[store](`${BUCKET}-prod`)}, object "${PR_OBJECT[store]}" (given ${OBJECT_KEY[store]} "${PR[store]}" at init)`,
      );
    });

    test('environments and a move: the synth lists each file\'s move, and its recipe moves one environment, lineage kept', () => {
      // GIVEN prod's and dev's objects (the first test deployed both), and dev deployed in an output directory of its own
      // (no deploy of prod there: the synth reads the directory's last init, dev's, which the deploy of dev replaces)
      const out = ['--output', 'cdktf.move.out'];
      const env = { SCENARIO: 'environments' };
      ok(run(['deploy', 'network', '--auto-approve', ...out], { ...env, TF_CLI_ARGS_init: '-reconfigure -backend-config=dev.tfbackend' }));
      const before = { prod: em.state(`${BUCKET}-prod`, own('network')), dev: em.state(`${BUCKET}-dev`, own('network')) };
      // WHEN the block's part moves (prefix "moved/network", key "moved/network.tfstate") and the app is synthesized
      const moving = { ...env, MOVED: '1' };
      const synth = ok(run(['synth', ...out], moving));
      // THEN the note lists both environments' moves and the recipe
      expect(synth.output).toContain('WARN [network/backend]: stack network\'s state moves in every environment');
      for (const e of ['prod', 'dev']) {
        expect(synth.output).toContain(`${e}.tfbackend from ${WHERE[store](`${BUCKET}-${e}`)}, object "${own('network')}" to ${WHERE[store](`${BUCKET}-${e}`)}, object "${MOVED_OBJECT[store]}"`);
      }
      const point = `-reconfigure -backend-config=prod.tfbackend -backend-config=${OBJECT_KEY[store]}=${OLD_VALUE[store]}`;
      const commands = [`TF_CLI_ARGS_init="${point}" ${app.framework} diff network --output cdktf.move.out`,
        `TF_CLI_ARGS_init="-force-copy -backend-config=prod.tfbackend" ${app.framework} diff network --output cdktf.move.out`];
      expect(synth.output).toContain(`prod.tfbackend: ${commands[0]}, then ${commands[1]}; dev.tfbackend: `);
      // WHEN prod is moved with its two commands, as printed: the diff pointing the directory at its old object finds no changes, then the copy's none
      for (const command of commands) expect(ok(shell(em.ns, app, dir, command, { ...em.env, ...moving })).output).toMatch(/No changes/);
      // THEN prod's state is at its new object, its lineage kept, the old object as it was, and dev untouched
      expect(em.state(`${BUCKET}-prod`, MOVED_OBJECT[store]).lineage).toBe(before.prod.lineage);
      expect(em.state(`${BUCKET}-prod`, own('network'))).toEqual(before.prod);
      expect(em.names(`${BUCKET}-dev`)).not.toContain(MOVED_OBJECT[store]);
      expect(em.state(`${BUCKET}-dev`, own('network'))).toEqual(before.dev);
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
            `${WHERE[store](BUCKET)}, object "${own(stack)}", this synth names ${WHERE[store](BUCKET)}, object "${moved(stack)}"; `,
        );
        expect(synth.output).toContain(`to copy the state there: TF_CLI_ARGS_init=-force-copy ${app.framework} diff ${stack} (`);
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

    test('renaming a stack: the synth names the old directory\'s object, the CLI deletes the directory, and the recipe moves the state', () => {
      // GIVEN the app stack deployed under forEachStack (the test before), renamed "application"
      const renamed = { SCENARIO: 'for-each-stack', APP_STACK: 'application' };
      const before = em.state(BUCKET, moved('app'));
      // WHEN it is synthesized THEN the note names app's directory and object, on the new stack, with the recipe
      const synth = ok(run(['synth'], renamed));
      const point = `-reconfigure -backend-config=${OBJECT_KEY[store]}=${FOR_EACH_VALUE[store]('app')}`;
      expect(synth.output).toContain(
        `WARN [application/backend]: ${path.join('cdktf.out', 'stacks', 'app')} holds the last init of stack app, which this app no longer has ` +
          `(${WHERE[store](BUCKET)}, object "${moved('app')}"); the CLI deletes that directory, its .terraform with it, after this synth.`,
      );
      // (the copy gives the new value again: an init given nothing keeps the object the first step recorded)
      const back = `-backend-config=${OBJECT_KEY[store]}=${FOR_EACH_VALUE[store]('application')}`;
      const commands = [`TF_CLI_ARGS_init="${point}" ${app.framework} diff application`, `TF_CLI_ARGS_init="-force-copy ${back}" ${app.framework} diff application`];
      expect(synth.output).toContain(`${commands[0]}, then ${commands[1]} (`);
      // AND the CLI deleted the directory
      expect(fs.existsSync(path.join(dir, 'cdktf.out', 'stacks', 'app'))).toBe(false);
      // WHEN the two commands run as printed (a diff runs the stack alone, its dependency left out) THEN each plans no change,
      // and the state is at the new stack's object, lineage kept, the old object as it was
      for (const command of commands) expect(ok(shell(em.ns, app, dir, command, { ...em.env, ...renamed })).output).toMatch(/No changes/);
      expect(em.state(BUCKET, moved('application')).lineage).toBe(before.lineage);
      expect(em.state(BUCKET, moved('app'))).toEqual(before);
    });
  });
}
