import { cdktf, TaskStep } from 'projen';
import { PackageBoth, silenceJsiiNode20 } from './packaging';

/**
 * The Go module, the Go suite in test/go, the Go example and the Go API docs; returns the example's
 * command and the languages tier's Go steps (package the module, run the suite; the library compiled before).
 */
export function setupGo(project: cdktf.ConstructLibraryCdktf, packageBoth: PackageBoth): { runGoExample: string; tierSteps: TaskStep[] } {
  // jsii-pacmak writes the Go module to dist/go/cdktfstatebackends. scripts/go-bindings.sh generates
  // the framework's Go binding from the npm package the library is built with (the Go module proxy
  // serves cdktf's v0.21.0 too, not cdktn's v0.24.0) into a per-version cache, and
  // test/go and examples/go point at it (and at dist/go) with `replace` directives in their own
  // go.mod only. scripts/go.sh runs the suite or the example (a loud skip without Go outside CI).
  const packageGo = packageBoth('go');
  const goSuite = project.addTask('test:go:suite', {
    description: 'Runs the Go suite in test/go against the module already in dist/go (args go to go test)',
    exec: 'bash scripts/go.sh test',
    receiveArgs: true,
  });
  const testGo = project.addTask('test:go', {
    description: 'Builds the Go module and runs the go test suite in test/go against it (args go to go test)',
    env: silenceJsiiNode20,
  });
  testGo.spawn(project.compileTask);
  testGo.spawn(packageGo);
  testGo.spawn(goSuite, { receiveArgs: true });
  const runGoExample = 'bash scripts/go.sh example';
  project.addTask('example:go', {
    description: 'Builds the Go module and runs examples/go (a two-stack app)',
    env: silenceJsiiNode20,
    steps: [{ spawn: project.compileTask.name }, { spawn: packageGo.name }, { exec: runGoExample }],
  });
  project.tasks.tryFind('docgen')!.exec('jsii-docgen -l go -o docs/API.go.md');
  project.gitignore.exclude('/.go-bindings/', '/examples/go/cdktf.out/');
  project.npmignore?.exclude('/.go-bindings/');
  return { runGoExample, tierSteps: [{ spawn: packageGo.name }, { spawn: goSuite.name }] };
}
