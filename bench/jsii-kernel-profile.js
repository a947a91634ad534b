#!/usr/bin/env node
// Runs the jsii kernel of a Java or Python process under `node --cpu-prof`, for a CPU profile of
// its JavaScript side (the library's checks, cdktf, the kernel's own (de)serialization).
//
//   JSII_RUNTIME=bench/jsii-kernel-profile.js \
//   JSII_KERNEL_RUNTIME=<dir>/bin/jsii-runtime.js JSII_KERNEL_PROFILE_DIR=<dir> <java or python command>
//
// JSII_RUNTIME is the jsii runtimes' own hook: the Java and Python runtimes execute that file
// instead of the kernel they bundle. JSII_KERNEL_RUNTIME is the bundled kernel, extracted once:
// for Java `unzip jsii-runtime-<version>.jar 'software/amazon/jsii/*'` (then
// software/amazon/jsii/bin/jsii-runtime.js); BENCHMARKS.md gives the whole recipe. Node refuses
// --cpu-prof in NODE_OPTIONS, and jsii-runtime.js runs the kernel in a child node that inherits
// this process's flags, so the flags are added here, where only that child profiles.
// `npm run bench:profile -- --kernel=<file.cpuprofile>` summarizes the profile.
const runtime = process.env.JSII_KERNEL_RUNTIME;
const dir = process.env.JSII_KERNEL_PROFILE_DIR;
if (!runtime || !dir) {
  console.error('jsii-kernel-profile: set JSII_KERNEL_RUNTIME (the bundled bin/jsii-runtime.js) and JSII_KERNEL_PROFILE_DIR');
  process.exit(2);
}
process.execArgv.push('--cpu-prof', `--cpu-prof-dir=${dir}`, '--cpu-prof-interval=250');
require(runtime);
