/**
 * The scenarios every app of the framework-CLI suite goes through, in order, on one emulator: synth
 * in strict mode (fails, naming the id and the key), with the warnings acknowledged (passes), with a
 * refused setting (one readable error pointing at the user's line); then `deploy` of both stacks
 * (warnings shown; the app stack reads the network stack's resource through the remote state the
 * library made), `output`, `diff` and `destroy`, each checked against the stored state objects.
 */
import * as fs from 'fs';
import * as path from 'path';
import { CliApp, PACKAGE, TOKEN, cli, makeApp, readCdktfJson, requireCli, runApp, startEmulator, storedNames, storedState, writeCdktfJson } from './support';
import { DEFAULT_TARGET } from '../../src/private/target/target';
import { Sandbox } from '../support/emulators';

const STRICT_REASON = (key: string) => `(${key} is on: acknowledge the warning with a reason, or fix it)`;
const LITERAL_SECRET = 'accessToken is a secret set as a literal value, so it is written to cdk.tf.json in clear text; leave it unset and provide GOOGLE_OAUTH_ACCESS_TOKEN in the environment of the';
const LEFT_OUT = 'the remote state of network/backend leaves out its secret fields; the terraform run of stack app must provide them from the environment: accessToken (GOOGLE_OAUTH_ACCESS_TOKEN) [remote-state/secrets-left-out]';
/** How often a warning whose text names the tool is shown: under cdktn's targetVersions once per declared tool. */
const PER_TOOL = (app: CliApp) => (app.framework === 'cdktn' ? 2 : 1);
const ENDPOINT_ERROR = '- storeageCustomEndpoint: got "http://127.0.0.1:4443/storage/v1", expected a url made of a protocol, a host and the path /storage/v1/ or /storage/v1/b';

/** Defines the suite of `app`: one describe, its tests in order, sharing the app and the emulator. */
export function describeCliApp(app: CliApp, title: string): void {
  const runnable = requireCli(app);
  (runnable ? describe : describe.skip)(title, () => {
    let ns: Sandbox;
    let dir: string;
    const run = (args: string[], extra: Record<string, string> = {}) => cli(ns, app, dir, args, extra);
    const ok = (r: ReturnType<typeof run>) => {
      if (r.status !== 0) throw new Error(`${app.framework} exited ${r.status}:\n${r.output}`);
      return r;
    };

    beforeAll(() => {
      ns = startEmulator();
      dir = makeApp(app);
    });
    afterAll(() => ns?.stop());

    test('synth in strict mode fails with the reason; acknowledged, the warnings pass', () => {
      // GIVEN strict mode set in cdktf.json under the key the README names
      const original = readCdktfJson(dir);
      writeCdktfJson(dir, { ...original, context: { ...original.context, [app.strictKey]: true } });
      try {
        // WHEN the app is synthesized with its two warnings unacknowledged
        const strict = run(['synth']);
        // THEN the CLI exits non-zero and says which warning and which key (the framework stops at the
        // first stack whose validation fails: network)
        expect(strict.status).not.toBe(0);
        expect(strict.output).toContain(`[network/backend] ${LITERAL_SECRET}`);
        expect(strict.output).toContain(`[field/literal-secret] ${STRICT_REASON(app.strictKey)}`);
        // WHEN both are acknowledged with a reason THEN it synthesizes, showing neither
        const acknowledged = ok(run(['synth'], { SCENARIO: 'acknowledged' }));
        expect(acknowledged.output).not.toMatch(/\[field\/literal-secret\]|\[remote-state\/secrets-left-out\]/);
        expect(acknowledged.output).toContain('Generated Terraform code for the stacks: app, network');
        // AND (cdktn-cli and the Java app on Node.js 22, the TypeScript cdktf app without the jsii runtime) no end-of-life banner
        expect(acknowledged.output).not.toMatch(/end-of-life/);
      } finally {
        writeCdktfJson(dir, original);
      }
    });

    test('synth through the CLI shows each of the library\'s warnings once', () => {
      // WHEN the app is synthesized by the CLI (which sets CDKTF_CONTINUE_SYNTH_ON_ERROR_ANNOTATIONS for it)
      const r = ok(run(['synth']));
      // THEN the CLI printed each warning from manifest.json, and the library printed none of its own (the
      // CLI would log the app's stderr as "[ERROR] default - ..."): every line naming them is the CLI's, once
      // (under cdktn's targetVersions one per declared tool: their texts differ)
      const lines = r.output.split('\n').filter((l) => l.includes('[field/literal-secret]') || l.includes('[remote-state/secrets-left-out]'));
      expect(lines.filter((l) => !l.startsWith('WARN ['))).toEqual([]);
      expect(lines.filter((l, i) => lines.indexOf(l) !== i)).toEqual([]);
      expect(lines.filter((l) => l.startsWith(`WARN [network/backend]: ${LITERAL_SECRET}`)).length).toBe(PER_TOOL(app));
      expect(lines.filter((l) => l.startsWith(`WARN [app/cross-stack-reference-input-network]: ${LEFT_OUT.slice(0, 60)}`)).length).toBeGreaterThan(0);
    });

    // (how a user runs the app to look at it: the command cdktf.json names, `mvn compile exec:java` or `npx ts-node main.ts`)
    test(`run on its own (${app.language === 'java' ? 'mvn exec:java' : 'ts-node'}), the app prints each of the library's warnings once, and no state map table`, () => {
      // WHEN the app's own command runs, without the CLI (ts-node type-checking main.ts, as for a user)
      const r = runApp(ns, app, dir, app.language === 'typescript' ? { TS_NODE_TRANSPILE_ONLY: 'false' } : {});
      expect(r.status).toBe(0);
      // THEN each warning is on its stderr once, as the CLI would print it (under cdktn's targetVersions one per declared tool: their texts differ)
      expect(occurrences(r.stderr, `WARN [network/backend]: ${LITERAL_SECRET}`)).toBe(PER_TOOL(app));
      expect(occurrences(r.stderr, `WARN [app/cross-stack-reference-input-network]: ${LEFT_OUT}`)).toBe(1);
      // AND the state map is written, its table left to the CLI
      expect(r.output).not.toContain('state objects (');
      expect(fs.existsSync(path.join(dir, 'cdktf.out', 'state-map.json'))).toBe(true);
    });

    test('run on its own, a synth that throws still prints the warnings shown before it failed', () => {
      // WHEN a third stack's validation fails (two backends), after the network's warnings were shown; for the Java app
      // twice, as the host's reader of the library's output is stopped when main throws (mvn exec:java), whenever it last
      // polled (a TypeScript app runs the library in its own process: nothing polls, and a second run would repeat the first)
      for (let i = 0; i < (app.language === 'java' ? 2 : 1); i++) {
        const r = runApp(ns, app, dir, { SCENARIO: 'throws' });
        // THEN the app fails on the broken stack, and printed the network's warning once
        expect(r.status).not.toBe(0);
        expect(r.output).toContain('[stack/one-backend]');
        expect(occurrences(r.stderr, `WARN [network/backend]: ${LITERAL_SECRET}`)).toBe(PER_TOOL(app));
      }
    });

    test('a refused setting is one readable error that points at the user\'s line', () => {
      // WHEN the endpoint misses its /b
      const r = run(['synth'], { SCENARIO: 'config-error' });
      // THEN the synth fails with the library's error, each problem once (not once per declared tool)
      expect(r.status).not.toBe(0);
      const message = r.output.slice(r.output.indexOf('invalid gcs backend'));
      // (the CLI, and Maven, repeat the whole message; within it, the line is there once)
      const lines = message.split('\n').map((l) => l.replace(/^\s*(\[ERROR\]\s*)?/, ''));
      expect(lines.filter((l, i) => l.startsWith(ENDPOINT_ERROR) && lines[i + 1]?.startsWith(ENDPOINT_ERROR))).toEqual([]);
      expect(lines[1].startsWith(ENDPOINT_ERROR)).toBe(true);
      if (app.framework === 'cdktf') {
        expect(message.startsWith(`invalid gcs backend (target terraform@${DEFAULT_TARGET.version}) at network/backend:`)).toBe(true);
        // AND it says the target is the default, and how to set it (the user's terraform may be older)
        expect(message).toContain(`checked for terraform ${DEFAULT_TARGET.version}, the default target: if your runs use an older terraform, or opentofu, set the target with StateBackendTarget`);
      } else {
        // (`cdktn init` writes cdktn's default ranges into cdktf.json: the header names them, and where they come from)
        expect(message).toMatch(/^invalid gcs backend \(targetVersions terraform ">=1\.5\.7", opentofu ">=1\.6\.0"\) at network\/backend:/);
      }
      // AND the trace names the user's file and line
      expect(r.output).toMatch(app.language === 'java' ? /Main\.java:\d+/ : /main\.ts:\d+:\d+/);
      // AND every file of the library the trace names is in the installed package (source maps name src/*.ts)
      const installed = path.join(dir, 'node_modules', PACKAGE(app));
      const named = [...r.output.matchAll(new RegExp(`${installed.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/[^:)\\s]+`, 'g'))].map((m) => m[0]);
      if (app.language === 'typescript') expect(named.length).toBeGreaterThan(0);
      for (const file of new Set(named)) expect({ file, exists: fs.existsSync(file) }).toEqual({ file, exists: true });
    });

    // (the Java app runs the library from the jar's copy of the tarball, without source maps in its traces)
    if (app.language === 'typescript') {
      test('the installed package holds every source file its source maps name', () => {
        // GIVEN the package as npm installed it from the tarball
        const installed = path.join(dir, 'node_modules', PACKAGE(app));
        const missing: string[] = [];
        let named = 0;
        for (const js of listJs(path.join(installed, 'lib'))) {
          // (each module's map is a file beside it, which the package must hold too: projenrc/packaging.ts compiledTsconfig)
          const url = /^\/\/# sourceMappingURL=(\S+)$/m.exec(fs.readFileSync(js, 'utf8'))?.[1];
          const mapFile = url === undefined ? undefined : path.resolve(path.dirname(js), url);
          if (mapFile !== undefined && !fs.existsSync(mapFile)) missing.push(path.relative(installed, mapFile));
          const map = mapFile !== undefined && fs.existsSync(mapFile) ? JSON.parse(fs.readFileSync(mapFile, 'utf8')) : undefined;
          for (const source of (map?.sources ?? []) as string[]) {
            named++;
            // THEN each file a map names is there (stack traces point at them)
            const file = path.resolve(path.dirname(js), source);
            if (!fs.existsSync(file)) missing.push(path.relative(installed, file));
          }
        }
        expect(named).toBeGreaterThan(10);
        expect(missing).toEqual([]);
      });
    }

    test('deploy stores both stacks in dependency order, the app reading the network through the remote state', () => {
      // WHEN both stacks are deployed (the run provides the token the remote state leaves out)
      const r = ok(run(['deploy', 'network', 'app', '--auto-approve']));
      // THEN the synth showed the warnings
      expect(r.output).toContain(`WARN [network/backend]: ${LITERAL_SECRET}`);
      expect(r.output).toContain(`[app/cross-stack-reference-input-network]: ${LEFT_OUT}`);
      // AND each stack's state is stored under its prefix
      expect(storedNames(ns)).toEqual(['app/default.tfstate', 'network/default.tfstate']);
      const network = storedState(ns, 'network/default.tfstate');
      expect(network.resources).toEqual(['terraform_data.vpc']);
      // AND the app's output holds the network's value, read through the library's remote state
      expect(storedState(ns, 'app/default.tfstate').outputs).toEqual({ vpc_id: 'vpc-0042' });
      const appJson = JSON.parse(fs.readFileSync(path.join(dir, 'cdktf.out', 'stacks', 'app', 'cdk.tf.json'), 'utf8'));
      const remote = Object.values(appJson.data.terraform_remote_state) as Array<{ backend: string; config: Record<string, unknown> }>;
      expect(remote.map((x) => x.backend)).toEqual(['gcs']);
      expect(remote[0].config).toMatchObject({ bucket: 'app-state', prefix: 'network', storage_custom_endpoint: 'http://127.0.0.1:4443/storage/v1/b' });
      expect(JSON.stringify(appJson)).not.toContain(TOKEN);
    });

    test('output and diff read the stored state: the value, and no changes', () => {
      const out = path.join(dir, 'outputs.json');
      ok(run(['output', 'app', '--skip-synth', '--outputs-file', out]));
      expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toEqual({ app: { vpc_id: 'vpc-0042' } });
      const diff = ok(run(['diff', 'app', '--skip-synth']));
      expect(diff.output).toMatch(/No changes/);
    });

    test('destroy empties both states, keeping their lineage', () => {
      const before = { app: storedState(ns, 'app/default.tfstate'), network: storedState(ns, 'network/default.tfstate') };
      ok(run(['destroy', 'app', 'network', '--auto-approve', '--skip-synth']));
      for (const stack of ['app', 'network'] as const) {
        const after = storedState(ns, `${stack}/default.tfstate`);
        expect(after.resources).toEqual([]);
        expect(after.outputs).toEqual({});
        expect(after.lineage).toBe(before[stack].lineage);
        expect(after.serial).toBeGreaterThan(before[stack].serial);
      }
    });
  });
}

/** How often `part` occurs in `text`. */
function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

function listJs(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listJs(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []);
}
