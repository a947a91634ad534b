import { cdktf } from 'projen';

/** Silences jsii's warning that Node.js 20 reaches its end of life (the machines here run 20). */
export const silenceJsiiNode20 = { JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: '20' };

/**
 * The compiled modules' tsconfig, both flavours: source maps in `.js.map` files beside the modules
 * instead of inside them (jsii's default). Node reads and compiles a module's whole text when it is
 * required, and the inline maps with their sources were 1.8 of the 2.5 MB of lib/: about 7 ms of
 * every process that loads the library (BENCHMARKS.md, "Module load").
 */
export const compiledTsconfig = { compilerOptions: { inlineSourceMap: false, inlineSources: false, sourceMap: true } };

/**
 * After jsii has compiled a flavour (`root`: the path from its directory to the repository's),
 * its lib/index.js requires each public module when one of its exports is first read
 * (scripts/lazy-index.js says how and why).
 */
export function lazyIndexAfterCompile(compile: { exec(command: string): void }, root = '.'): void {
  compile.exec(`node ${root}/scripts/lazy-index.js lib/index.js`);
}

type Task = ReturnType<cdktf.ConstructLibraryCdktf['addTask']>;

/** Makes `package:<lang>` build both flavours' artifacts; returns `package:<lang>:cdktf`, the cdktf flavour's alone. */
export type PackageBoth = (lang: 'js' | 'java' | 'python' | 'go') => Task;

/**
 * The tasks that package both flavours, test:dist, and the release's extra steps. Returns
 * `packageBoth`, which the language modules call for their own `package:<lang>`.
 */
export function setupPackaging(project: cdktf.ConstructLibraryCdktf): PackageBoth {
  for (const name of ['compile', 'test', 'docgen', 'package:js', 'package-all']) {
    project.tasks.tryFind(name)?.env('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');
  }
  lazyIndexAfterCompile(project.compileTask);

  // --- Packaging both flavours ------------------------------------------------------------------
  // `package:<lang>` is what `package-all` and the release workflow's publish jobs run: it writes the
  // cdktf flavour's artifact, then scripts/package-cdktn.sh builds the cdktn flavour at the same
  // version and adds its artifact, so dist/<lang> holds both. The suites and examples need one
  // flavour at a time and use `package:<lang>:cdktf` (and the subproject's own package tasks).
  const packageBoth: PackageBoth = (lang) => {
    const task = project.tasks.tryFind(`package:${lang}`)!;
    const own = project.addTask(`package:${lang}:cdktf`, {
      description: `Creates the cdktf flavour's ${lang} artifact alone in dist/${lang}`,
      env: silenceJsiiNode20,
      steps: task.steps,
    });
    task.reset();
    task.env('JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION', '20');
    task.spawn(own);
    task.exec(`bash scripts/package-cdktn.sh ${lang}`);
    return own;
  };
  packageBoth('js');
  project.addTask('test:dist', {
    description: 'Packages every artifact of both flavours into dist/ and installs each into a clean consumer (npm, Maven, pip, go) that synthesizes a stack',
    env: silenceJsiiNode20,
    steps: [{ spawn: project.compileTask.name }, { spawn: 'package-all' }, { exec: 'bash scripts/check-dist.sh', receiveArgs: true }],
  });
  // `npx projen bump`, run by a maintainer, also adds the next release's notes (dist/changelog.md) to
  // CHANGELOG.md, to be committed before the release. The release task (RELEASE=true, in the
  // workflow) leaves it alone: it ends by checking that the build changed no tracked file.
  project.tasks.tryFind('bump')!.exec('node scripts/changelog.js', { condition: 'node -e "process.exit(process.env.RELEASE ? 1 : 0)"' });
  // The release job builds every artifact of both flavours into dist/ and installs each into a clean
  // consumer before the version is reset (the steps are: rm dist, bump, build, unbump, git diff).
  project.tasks.tryFind('release')!.insertStep(3, { spawn: 'test:dist' });
  return packageBoth;
}
