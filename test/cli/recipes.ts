/**
 * The commands the library prints about a state move, run exactly as printed: each is taken from the
 * synth's output (the CLI's `WARN [...]: ... [stack/state-moved]` lines), and run by a shell in the
 * app's directory with the CLI on PATH, as a user pastes it, without a terminal (as in CI). After
 * each, the stored objects on fake-gcs-server are checked: the state at the new object has the old
 * one's lineage, resources and outputs, and the next serial (the tools write the copy as the next
 * snapshot of its lineage), the old object is as it was, and the plan the command showed adds nothing. A field of the object changes from unset to set and back by each way it can be
 * given: the block (a prop), a config file, a value given at init (`fromInit`); a rename from a
 * block that left the prefix unset; a move with named workspaces; the CLI's own --migrate-state
 * and a command that acts on one stack of two; a secret given at init. (A field an env var gives
 * is on Azurite's clouds in the run-time tier, with every judge: test/runtime/state-move-recipes.test.ts.)
 */
import * as fs from 'fs';
import * as path from 'path';
import { CliApp, StoreEmulator, Stored, cli, makeApp, requireCli, shell, startStore } from './support';

/** The buckets of the scenarios: one (or one per environment) each. */
const BUCKETS = ['rc-prop', 'rc-rename', 'rc-seen', 'rc-files-prod', 'rc-files-dev', 'rc-file-prod', 'rc-file-dev', 'rc-init',
  'acme-tfstate', 'acme-tfstate-prod', 'acme-tfstate-dev'];
const README = fs.readFileSync(path.join(__dirname, '..', '..', 'README.md'), 'utf8').split('\n');
const FIXTURE = path.join(__dirname, 'apps', 'recipes');
/** A printed command: its init arguments (a quoted value or a word), the CLI and `diff <stack>`. */
const COMMAND = /(?:TF_CLI_ARGS_init=(?:"(?:[^"\\]|\\.)*"|[^\s"]*) )?(?:cdktf|cdktn) diff [\w.-]+(?: --output [\w.\/-]+)?/g;
const SECRET = 'ya29.recipes-secret-token';

/** The state-moved notes of a CLI's output (one per line), and the commands each prints, in order. */
export function notesOf(output: string): Array<{ readonly text: string; readonly commands: string[] }> {
  return output.split('\n').filter((l) => l.includes('[stack/state-moved]'))
    .map((text) => ({ text, commands: [...text.matchAll(COMMAND)].map((m) => m[0]) }));
}

/** Defines the recipes suite of `app` (TypeScript): its tests in order, on one fake-gcs-server and one app directory. */
export function describeRecipes(app: CliApp, title: string): void {
  const runnable = requireCli(app);
  (runnable ? describe : describe.skip)(title, () => {
    let em: StoreEmulator;
    let dir: string;
    let env: Record<string, string> = {};
    const fail = (what: string, r: { status: number; output: string }) => new Error(`${what} exited ${r.status}:\n${r.output}`);
    const run = (args: string[], extra: Record<string, string> = {}) => {
      const r = cli(em.ns, app, dir, args, { ...env, ...extra });
      if (r.status !== 0) throw fail(`${app.framework} ${args.join(' ')}`, r);
      return r;
    };
    /** The notes a synth prints. */
    const synth = (extra: Record<string, string> = {}) => notesOf(run(['synth'], extra).output);
    /** Runs a printed command as printed; its plan must add nothing. */
    const follow = (command: string, extra: Record<string, string> = {}) => {
      expect(command.startsWith('TF_CLI_ARGS_init=') || command.startsWith(`${app.framework} `)).toBe(true);
      const r = shell(em.ns, app, dir, command, { ...env, ...extra });
      if (r.status !== 0) throw fail(command, r);
      expect({ command, plan: r.output.match(/No changes|\d+ to add/g) }).toEqual({ command, plan: ['No changes'] });
      return r;
    };
    const state = (bucket: string, name: string): Stored => em.state(bucket, name);
    /**
     * The state at `to` is the one that was at `from` (its lineage, resources and outputs; the copy is
     * written as the next snapshot of that lineage, its serial one up), and `from` is as it was.
     */
    const arrived = (bucket: string, from: string, to: string, before: Stored) => {
      expect({ to, ...state(bucket, to) }).toEqual({ to, ...before, serial: before.serial + 1 });
      expect({ from, ...state(bucket, from) }).toEqual({ from, ...before });
    };
    /** The README's line that starts with `start`, whole (its comment included), for the app's CLI (the README: "cdktn ... alike"). */
    const readme = (start: string) => {
      const line = README.find((l) => l.startsWith(start));
      if (line === undefined) throw new Error(`the README has no line starting with: ${start}`);
      return line.replace(/\bcdktf (deploy|diff|synth)\b/g, `${app.framework} $1`);
    };
    const fresh = (layout: Record<string, string>) => {
      fs.rmSync(path.join(dir, 'cdktf.out'), { recursive: true, force: true });
      env = layout;
    };

    beforeAll(() => {
      em = startStore('gcs', BUCKETS);
      dir = makeApp(app, { fixture: FIXTURE });
    });
    afterAll(() => em?.stop());

    test('the README\'s deploy commands, as it prints them, without a terminal: a config file, the switch, and every stack\'s move in one command', () => {
      // GIVEN the README's network stack: its bucket from prod.tfbackend or dev.tfbackend, prefix "network"
      fresh({ BUCKET: 'acme-tfstate', LAYOUT: 'files', PREFIX: 'network', NET_ID: 'network' });
      const ok = (command: string) => {
        const r = shell(em.ns, app, dir, command, env);
        if (r.status !== 0) throw fail(command, r);
      };
      ok(readme('TF_CLI_ARGS_init=-backend-config=prod.tfbackend cdktf deploy network --auto-approve   # cdktn deploy network alike'));
      const prod = state('acme-tfstate-prod', 'network/default.tfstate');
      ok(readme('TF_CLI_ARGS_init="-reconfigure -backend-config=dev.tfbackend" cdktf deploy network --auto-approve   # the switch'));
      expect(state('acme-tfstate-dev', 'network/default.tfstate').lineage).not.toBe(prod.lineage);
      expect(state('acme-tfstate-prod', 'network/default.tfstate')).toEqual(prod);
      // AND the README's move of every stack to forEachStack's layout, in one deploy
      fresh({ BUCKET: 'acme-tfstate', LAYOUT: 'own', WITH_APP: '1', NET_ID: 'network' });
      run(['deploy', 'network', 'app', '--auto-approve']);
      const before = { network: state('acme-tfstate', 'network/default.tfstate'), app: state('acme-tfstate', 'app/default.tfstate') };
      env = { ...env, LAYOUT: 'each', EACH_PREFIX: 'prod' };
      ok(readme('TF_CLI_ARGS_init=-force-copy cdktf deploy network app --auto-approve '));
      for (const stack of ['network', 'app'] as const) {
        const moved = state('acme-tfstate', `prod/${stack}/default.tfstate`);
        expect({ stack, lineage: moved.lineage, resources: moved.resources })
          .toEqual({ stack, lineage: before[stack].lineage, resources: before[stack].resources });
      }
    });

    test('a prefix the block sets, from unset and back, with a named workspace: the note\'s copy moves every workspace', () => {
      // GIVEN net deployed with no prefix, in the default workspace and in "blue"
      fresh({ BUCKET: 'rc-prop', PREFIX: '' });
      run(['deploy', 'net', '--auto-approve']);
      const blue = shell(em.ns, app, dir, `cd ${path.join('cdktf.out', 'stacks', 'net')} && terraform workspace new blue`, env);
      if (blue.status !== 0) throw fail('terraform workspace new blue', blue);
      run(['deploy', 'net', '--auto-approve']);
      const before = { default: state('rc-prop', 'default.tfstate'), blue: state('rc-prop', 'blue.tfstate') };
      // WHEN the block gets a prefix THEN the synth's note prints the copy first, and it moves both workspaces
      const notes = synth({ PREFIX: 'net' });
      expect(notes).toHaveLength(1);
      expect(notes[0].text).toContain('used gcs bucket="rc-prop", object "blue.tfstate", this synth names gcs bucket="rc-prop", object "net/blue.tfstate"');
      follow(notes[0].commands[0], { PREFIX: 'net' });
      arrived('rc-prop', 'default.tfstate', 'net/default.tfstate', before.default);
      arrived('rc-prop', 'blue.tfstate', 'net/blue.tfstate', before.blue);
      expect(synth({ PREFIX: 'net' })).toEqual([]);
      // AND back to unset: the note's copy moves them back over the old objects (same lineage: the plan finds what it made)
      const moved = synth({ PREFIX: '' });
      expect(moved).toHaveLength(1);
      follow(moved[0].commands[0], { PREFIX: '' });
      expect(state('rc-prop', 'default.tfstate').lineage).toBe(before.default.lineage);
    });

    test('renaming a stack whose block left the prefix unset: the note\'s two commands move its state, and a copy typed without its prefix stays noted', () => {
      // GIVEN stack "network" deployed with no prefix (default.tfstate), then renamed "net" under forEachStack's prefix "prod"
      fresh({ BUCKET: 'rc-rename', PREFIX: '', NET_ID: 'network' });
      run(['deploy', 'network', '--auto-approve']);
      const before = state('rc-rename', 'default.tfstate');
      env = { BUCKET: 'rc-rename', NET_ID: 'net', LAYOUT: 'each', EACH_PREFIX: 'prod' };
      // WHEN the app is synthesized THEN the note names the old object and prints the commands (the unset prefix given back empty)
      const [note] = synth();
      expect(note.text).toContain('holds the last init of stack network, which this app no longer has (gcs bucket="rc-rename", object "default.tfstate")');
      expect(note.commands).toEqual([
        `TF_CLI_ARGS_init="-reconfigure -backend-config=prefix=" ${app.framework} diff net`,
        `TF_CLI_ARGS_init="-force-copy -backend-config=prefix=prod/net" ${app.framework} diff net`,
      ]);
      // AND the first command points net's directory at the old object: its plan finds the resource
      follow(note.commands[0]);
      // WHEN the copy is typed without its prefix THEN init keeps the old object and copies nothing
      follow(`TF_CLI_ARGS_init=-force-copy ${app.framework} diff net`);
      expect(em.names('rc-rename')).toEqual(['default.tfstate']);
      // AND the next synth still notes the move, with the copy that names the new object
      const [pending] = synth();
      expect(pending.text).toContain('stack net\'s directory is still at the object its last init was given');
      follow(pending.commands[0]);
      arrived('rc-rename', 'default.tfstate', 'prod/net/default.tfstate', before);
      expect(synth()).toEqual([]);
    });

    test('the CLI\'s --migrate-state and the stacks a command acts on: the note knows the copy, and says nothing of the other stack', () => {
      // GIVEN net and app deployed under forEachStack's prefix "p1"
      fresh({ BUCKET: 'rc-seen', LAYOUT: 'each', EACH_PREFIX: 'p1', WITH_APP: '1' });
      run(['deploy', 'net', 'app', '--auto-approve']);
      const before = { net: state('rc-seen', 'p1/net/default.tfstate'), app: state('rc-seen', 'p1/app/default.tfstate') };
      // WHEN the prefix becomes "p2" and net alone is deployed with --migrate-state and net's new prefix in TF_CLI_ARGS_init
      env = { ...env, EACH_PREFIX: 'p2' };
      const r = run(['deploy', 'net', '--migrate-state', '--auto-approve'], { TF_CLI_ARGS_init: '-backend-config=prefix=p2/net' });
      // THEN net's note says the copy is under way, and there is none for app (the command runs no init for it)
      const notes = notesOf(r.output);
      expect(notes.map((n) => n.text.slice(0, n.text.indexOf(']:') + 2))).toEqual(['WARN [net/backend]:']);
      expect(notes[0].text).toContain(`copies the state there (${app.framework} deploy --migrate-state)`);
      expect(state('rc-seen', 'p2/net/default.tfstate')).toMatchObject({ lineage: before.net.lineage, resources: before.net.resources });
      // WHEN app is diffed THEN its init stops, and its note, for it alone, prints the copy
      const stopped = cli(em.ns, app, dir, ['diff', 'app'], env);
      expect(stopped.status).not.toBe(0);
      expect(stopped.output).toContain('Backend configuration changed');
      const [appNote] = notesOf(stopped.output);
      expect(appNote.text).toContain(`this command's init (${app.framework} diff) stops at "Backend configuration changed"`);
      follow(appNote.commands[0]);
      arrived('rc-seen', 'p1/app/default.tfstate', 'p2/app/default.tfstate', before.app);
    });

    test('config files, the block gaining a prefix: each environment moves with the note\'s commands, after a switch as printed', () => {
      // GIVEN the bucket left to init, prod deployed with prod.tfbackend
      fresh({ BUCKET: 'rc-files', LAYOUT: 'files', PREFIX: '' });
      run(['deploy', 'net', '--auto-approve'], { TF_CLI_ARGS_init: '-backend-config=prod.tfbackend' });
      // WHEN the run gives dev's file THEN the note prints the switch, which points the directory at dev's object
      const [switching] = synth({ TF_CLI_ARGS_init: '-backend-config=dev.tfbackend' });
      expect(switching.commands).toEqual([`TF_CLI_ARGS_init="-reconfigure -backend-config=dev.tfbackend" ${app.framework} diff net`]);
      const switched = shell(em.ns, app, dir, switching.commands[0], env);
      if (switched.status !== 0) throw fail(switching.commands[0], switched);
      run(['deploy', 'net', '--auto-approve'], { TF_CLI_ARGS_init: '-backend-config=dev.tfbackend' });
      const before = { prod: state('rc-files-prod', 'default.tfstate'), dev: state('rc-files-dev', 'default.tfstate') };
      expect(before.dev.lineage).not.toBe(before.prod.lineage);
      // WHEN the block gets prefix "net" THEN the note names each environment's move and prints its two commands
      env = { ...env, PREFIX: 'net' };
      const [gained] = synth();
      expect(gained.text).toContain('this synth\'s block changed prefix unset to "net"');
      expect(gained.commands).toEqual(['prod', 'dev'].flatMap((e) => [
        `TF_CLI_ARGS_init="-reconfigure -backend-config=${e}.tfbackend -backend-config=prefix=" ${app.framework} diff net`,
        `TF_CLI_ARGS_init="-force-copy -backend-config=${e}.tfbackend" ${app.framework} diff net`,
      ]));
      gained.commands.forEach((c) => follow(c));
      arrived('rc-files-prod', 'default.tfstate', 'net/default.tfstate', before.prod);
      arrived('rc-files-dev', 'default.tfstate', 'net/default.tfstate', before.dev);
      // (back to unset prints the same commands with the old prefix given back: test/unit's moved-state.test.ts; followed here for a prop and a file)
    });

    test('a config file gaining a prefix and losing it: the note names that environment\'s move, and its copy uses the file', () => {
      // GIVEN prod deployed with prod.tfbackend giving the bucket alone
      fresh({ BUCKET: 'rc-file', LAYOUT: 'files', PREFIX: '', FILE_PREFIX: '' });
      const prodArgs = { TF_CLI_ARGS_init: '-backend-config=prod.tfbackend' };
      run(['deploy', 'net', '--auto-approve'], prodArgs);
      const before = state('rc-file-prod', 'default.tfstate');
      // WHEN prod.tfbackend gives prefix "fnet" too THEN the synth the run gives prod's file names prod's move, and its copy moves it
      env = { ...env, FILE_PREFIX: 'fnet' };
      const [gained] = synth(prodArgs);
      expect(gained.text).toContain('stack net\'s state moves with prod.tfbackend: ');
      expect(gained.commands[0]).toBe(`TF_CLI_ARGS_init="-force-copy -backend-config=prod.tfbackend" ${app.framework} diff net`);
      follow(gained.commands[0], prodArgs);
      arrived('rc-file-prod', 'default.tfstate', 'fnet/default.tfstate', before);
      // AND back: the file without the prefix, the synth given nothing prints the copy to the unset prefix
      env = { ...env, FILE_PREFIX: '' };
      const [lost] = synth();
      expect(lost.commands[0]).toBe(`TF_CLI_ARGS_init="-force-copy -backend-config=prod.tfbackend -backend-config=prefix=" ${app.framework} diff net`);
      follow(lost.commands[0]);
      expect(state('rc-file-prod', 'default.tfstate').lineage).toBe(before.lineage);
    });

    test('a prefix given at init, from unset and back, with the token given at init: no command prints the token, and each moves the state', () => {
      // GIVEN net deployed with its prefix left to init and none given
      fresh({ BUCKET: 'rc-init', LAYOUT: 'init' });
      run(['deploy', 'net', '--auto-approve']);
      const before = state('rc-init', 'default.tfstate');
      // WHEN the run gives the prefix and the token at init (no GOOGLE_OAUTH_ACCESS_TOKEN) THEN the note prints the copy without the token
      const given = { TF_CLI_ARGS_init: `-backend-config=access_token=${SECRET} -backend-config=prefix=inet`, GOOGLE_OAUTH_ACCESS_TOKEN: '' };
      const output = run(['synth'], given).output;
      expect(output).not.toContain(SECRET);
      const [note] = notesOf(output);
      expect(note.text).toContain('these commands leave out the secret value this run gives in TF_CLI_ARGS_init: access_token (give it in GOOGLE_OAUTH_ACCESS_TOKEN)');
      const copy = note.commands.find((c) => c.includes('-force-copy'))!;
      expect(copy).toBe(`TF_CLI_ARGS_init="-force-copy -backend-config=prefix=inet" ${app.framework} diff net`);
      // AND run as printed, with the token in GOOGLE_OAUTH_ACCESS_TOKEN as the note says, it moves the state
      follow(copy);
      arrived('rc-init', 'default.tfstate', 'inet/default.tfstate', before);
      // AND back: the run gives the prefix empty, and the note's copy moves the state back
      const [back] = synth({ TF_CLI_ARGS_init: '-backend-config=prefix=' });
      follow(back.commands.find((c) => c.includes('-force-copy'))!, { TF_CLI_ARGS_init: '-backend-config=prefix=' });
      expect(state('rc-init', 'default.tfstate').lineage).toBe(before.lineage);
    });
  });
}
