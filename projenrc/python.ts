import { cdktf, TaskStep } from 'projen';
import { PackageBoth, silenceJsiiNode20 } from './packaging';

/** What the other modules reuse of the Python setup. */
export interface PythonSetup {
  readonly packagePython: ReturnType<PackageBoth>;
  /** The arguments of scripts/python.js for the cdktf distribution. */
  readonly pythonArgs: string;
  /** The languages tier's Python steps: package the wheel, run pytest (the library compiled before). */
  readonly tierSteps: readonly TaskStep[];
}

/** The Python wheel, the pytest suite in test/python, the Python example and the Python API docs. */
export function setupPython(project: cdktf.ConstructLibraryCdktf, packageBoth: PackageBoth): PythonSetup {
  // jsii-pacmak builds the wheel and sdist into dist/python (in a virtual environment of its own,
  // from PyPI). scripts/python.js installs that wheel with the CDK it was built against into
  // test/python/.venv/<dist> and runs pytest or the example there. One entry per distribution: a
  // second flavour (cdktn-state-backends) is one more entry plus its test/python/requirements file.
  const PYTHON_DISTRIBUTIONS = [
    { dist: 'cdktf-state-backends', module: 'cdktf_state_backends', cdk: 'cdktf' },
  ];
  const requirePython = project.addTask('python:require', {
    description: 'Fails with an install hint when python3 (3.10+) or its venv module is missing',
    exec: 'node scripts/require-python.js',
  });
  const packagePython = packageBoth('python');
  packagePython.prependSpawn(requirePython);
  const pythonArgs = (d: (typeof PYTHON_DISTRIBUTIONS)[number]) => `--dist ${d.dist} --module ${d.module} --cdk ${d.cdk}`;

  const pytestSuite = project.addTask('test:python:suite', {
    description: 'Runs the pytest suite in test/python against the wheel already in dist/python (args go to pytest)',
    env: silenceJsiiNode20,
  });
  for (const d of PYTHON_DISTRIBUTIONS) pytestSuite.exec(`node scripts/python.js test ${pythonArgs(d)}`, { receiveArgs: true });
  const testPython = project.addTask('test:python', {
    description: 'Builds the Python wheel and runs the pytest suite in test/python against it (args go to pytest)',
    env: silenceJsiiNode20,
  });
  testPython.spawn(project.compileTask);
  testPython.spawn(packagePython);
  testPython.spawn(pytestSuite, { receiveArgs: true });

  const examplePython = project.addTask('example:python', {
    description: 'Builds the Python wheel and runs examples/python (a two-stack app)',
    env: silenceJsiiNode20,
  });
  examplePython.spawn(project.compileTask);
  examplePython.spawn(packagePython);
  examplePython.exec(`node scripts/python.js example ${pythonArgs(PYTHON_DISTRIBUTIONS[0])}`);

  project.tasks.tryFind('docgen')!.exec('jsii-docgen -l python -o docs/API.python.md');
  return { packagePython, pythonArgs: pythonArgs(PYTHON_DISTRIBUTIONS[0]), tierSteps: [{ spawn: packagePython.name }, { spawn: pytestSuite.name }] };
}
