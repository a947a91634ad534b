package io.github.statebackends.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformStack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Stream;

/**
 * Synth cost from Java (issue 5): the app of bench/app.ts (S stacks, each with one OSS backend and
 * R remote states, COS and AzureRM alternating, the same values) built with this library's builders
 * (variant a) and with cdktf's Java built-ins (variant b), then synthesized with {@code app.synth()}
 * into a fresh temp outdir. Every construct is created in the jsii kernel (a node child process),
 * so each {@code build()} is a round trip; the synth itself is one call.
 *
 * <p>Each size runs in a fresh JVM, so in a fresh jsii kernel: the Java runtime never releases
 * kernel objects, so the kernel's heap holds every app built so far and would otherwise slow the
 * later sizes down. In that JVM, after a warm-up at S=10 and one checked pair (both variants must
 * write the same configuration, but for the remote-state COS {@code assume_role}, a one-element list
 * in (a) and an object in (b)), runs alternate in pairs whose order flips (ab, ba, ...).
 *
 * <p>Arguments (all optional): {@code --sizes=10,100,1000} {@code --remote-states=20}
 * {@code --pairs=10:30,100:30,1000:6} {@code --warmup=10} {@code --tmpdir=<dir>}
 * {@code --out=bench/results/java.md} {@code --quick} (sizes 10,100 with few pairs)
 * {@code --only=a|b} (profiling aid: runs one variant {@code --runs=N} times at each size, no report;
 * BENCHMARKS.md says how to profile the jsii kernel: node refuses {@code --cpu-prof} in {@code NODE_OPTIONS}).
 *
 * <p>Each run also records CPU time: the JVM's ({@code getProcessCpuTime}) and the jsii kernel's (the JVM's
 * descendant processes, whose CPU time the OS reports in clock ticks), so the cost of each side is known even
 * when other jobs load the machine. The report gives their mean over the measured runs.
 *
 * <p>Memory is not reported: the jsii kernel keeps every object the JVM created for as long as the
 * process lives, so its heap grows with every run of either variant (see bench/synth.ts for heap).
 */
public final class SynthBench {
    private static final String TARGET_NOTE = "same values as bench/app.ts";

    private SynthBench() {
    }

    /** {@code a}: this library; {@code b}: cdktf's built-ins. */
    enum Variant {
        A("cdktf-state-backends"),
        B("cdktf built-ins");

        final String title;

        Variant(final String title) {
            this.title = title;
        }

        String letter() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One run: wall time of each phase, and the CPU time of each side over the whole run. */
    record Sample(double buildMs, double synthMs, double jvmCpuMs, double kernelCpuMs) {
        double totalMs() {
            return buildMs + synthMs;
        }
    }

    record SizeResult(int stacks, int pairs, Map<Variant, List<Sample>> samples, List<Double> ratios) {
    }

    record Options(List<Integer> sizes, int remoteStates, Map<Integer, Integer> pairs, int warmup, Path tmpdir, Path out,
                   Variant only, int runs, boolean worker) {
    }

    /** Runs one variant only, for a profile of the jsii kernel; prints the median time per size. */
    static void profileOnly(final Options options) throws IOException {
        for (int i = 0; i < options.warmup(); i++) {
            runOnce(options.only(), options.sizes().get(0), options, null);
        }
        for (final int stacks : options.sizes()) {
            final List<Double> times = new ArrayList<>();
            for (int i = 0; i < options.runs(); i++) {
                times.add(runOnce(options.only(), stacks, options, null).totalMs());
            }
            log("variant " + options.only().letter() + " S=" + stacks + ": median " + ms(quantile(times, 0.5)) + " ms over " + times.size() + " runs");
        }
    }

    public static void main(final String[] args) throws IOException, InterruptedException {
        final Options options = parse(args);
        if (options.only() != null) {
            profileOnly(options);
            return;
        }
        if (options.worker()) {
            worker(options);
            return;
        }
        final Instant startedAt = Instant.now();
        final double loadBefore = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        final long t0 = System.nanoTime();
        final List<SizeResult> results = new ArrayList<>();
        for (final int stacks : options.sizes()) {
            results.add(fork(stacks, options));
        }
        final double minutes = (System.nanoTime() - t0) / 6e10;
        final double loadAfter = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
        final String markdown = report(options, results, startedAt, minutes, loadBefore, loadAfter);
        Files.createDirectories(options.out().toAbsolutePath().getParent());
        Files.writeString(options.out(), markdown + "\n", StandardCharsets.UTF_8);
        System.out.println(markdown);
        log("written to " + options.out());
    }

    /** Runs one size in a fresh JVM (same class path and JVM flags) and reads its pairs back. */
    static SizeResult fork(final int stacks, final Options options) throws IOException, InterruptedException {
        final List<String> command = new ArrayList<>();
        command.add(Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), SynthBench.class.getName(), "--worker",
            "--sizes=" + stacks, "--pairs=" + stacks + ":" + options.pairs().getOrDefault(stacks, 4),
            "--warmup=" + options.warmup(), "--remote-states=" + options.remoteStates(), "--tmpdir=" + options.tmpdir()));
        final Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        final String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IllegalStateException("the worker for S=" + stacks + " failed");
        }
        final Map<Variant, List<Sample>> samples = new EnumMap<>(Variant.class);
        for (final Variant v : Variant.values()) {
            samples.put(v, new ArrayList<>());
        }
        final List<Double> ratios = new ArrayList<>();
        for (final String line : out.split("\n")) {
            final String[] f = line.trim().split(" ");
            if (f.length != 9 || !f[0].equals("pair")) {
                continue;
            }
            final double[] x = Arrays.stream(f).skip(1).mapToDouble(Double::parseDouble).toArray();
            final Sample a = new Sample(x[0], x[1], x[2], x[3]);
            final Sample b = new Sample(x[4], x[5], x[6], x[7]);
            samples.get(Variant.A).add(a);
            samples.get(Variant.B).add(b);
            ratios.add(a.totalMs() / b.totalMs());
        }
        return new SizeResult(stacks, ratios.size(), samples, ratios);
    }

    /** One size: warm-up at S=10, a checked pair, then the measured pairs, printed as {@code pair <a's Sample> <b's Sample>}. */
    static void worker(final Options options) throws IOException {
        final int stacks = options.sizes().get(0);
        log("S=" + stacks + ": fresh JVM; warm-up " + options.warmup() + " pairs at S=10 (the first call also starts the jsii kernel)");
        for (int i = 0; i < options.warmup(); i++) {
            for (final Variant v : Variant.values()) {
                runOnce(v, 10, options, null);
            }
        }
        checkEquivalent(stacks, options);
        final int pairs = options.pairs().getOrDefault(stacks, 4);
        for (int i = 0; i < pairs; i++) {
            final Variant[] order = i % 2 == 0 ? new Variant[] {Variant.A, Variant.B} : new Variant[] {Variant.B, Variant.A};
            final Map<Variant, Sample> pair = new EnumMap<>(Variant.class);
            for (final Variant v : order) {
                pair.put(v, runOnce(v, stacks, options, null));
            }
            final Sample a = pair.get(Variant.A);
            final Sample b = pair.get(Variant.B);
            System.out.printf(Locale.ROOT, "pair %.3f %.3f %.3f %.3f %.3f %.3f %.3f %.3f%n", a.buildMs(), a.synthMs(), a.jvmCpuMs(),
                a.kernelCpuMs(), b.buildMs(), b.synthMs(), b.jvmCpuMs(), b.kernelCpuMs());
            System.out.flush();
            log(String.format(Locale.ROOT, "S=%d pair %d/%d: a %s ms, b %s ms, a/b %.3f", stacks, i + 1, pairs,
                ms(a.totalMs()), ms(b.totalMs()), a.totalMs() / b.totalMs()));
        }
    }

    /** One build + synth of variant {@code v}; into {@code keep} when given, else a temp dir removed afterwards. */
    static Sample runOnce(final Variant v, final int stacks, final Options options, final Path keep) throws IOException {
        final Path outdir = keep != null ? keep : Files.createTempDirectory(options.tmpdir(), "bench-java-" + v.letter() + "-");
        final double jvm0 = jvmCpuMs();
        final double kernel0 = kernelCpuMs();
        final long t0 = System.nanoTime();
        final App app = v == Variant.A
            ? buildWithLibrary(stacks, options.remoteStates(), outdir)
            : buildWithCdktf(stacks, options.remoteStates(), outdir);
        final long t1 = System.nanoTime();
        app.synth();
        final long t2 = System.nanoTime();
        final double jvm1 = jvmCpuMs();
        final double kernel1 = kernelCpuMs();
        if (keep == null) {
            deleteTree(outdir);
        }
        return new Sample((t1 - t0) / 1e6, (t2 - t1) / 1e6, jvm1 - jvm0, kernel1 - kernel0);
    }

    /** CPU time of this JVM, all threads (JIT and gc included). */
    static double jvmCpuMs() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getProcessCpuTime() / 1e6;
        }
        return Double.NaN;
    }

    /** CPU time of the jsii kernel: the JVM's descendant processes (node and the node it starts). */
    static double kernelCpuMs() {
        return ProcessHandle.current().descendants()
            .mapToDouble(p -> p.info().totalCpuDuration().map(d -> d.toNanos() / 1e6).orElse(0.0)).sum();
    }

    // --- the app, twice: same values as bench/app.ts, in cdktf's spellings ---------------------

    static App buildWithLibrary(final int stacks, final int remoteStates, final Path outdir) {
        final App app = App.Builder.create().outdir(outdir.toString()).build();
        for (int s = 0; s < stacks; s++) {
            final TerraformStack stack = new TerraformStack(app, "stack-" + s);
            io.github.statebackends.OssBackend.Builder.create(stack)
                .bucket("acme-tfstate")
                .region("cn-hangzhou")
                .prefix("stacks/stack-" + s)
                .key("terraform.tfstate")
                .tablestoreEndpoint("https://acme-lock.cn-hangzhou.ots.aliyuncs.com")
                .tablestoreTable("terraform_lock")
                .encrypt(true)
                .acl("private")
                .assumeRoleRoleArn("acs:ram::1000000000000001:role/terraform")
                .assumeRoleSessionName("cdktf-bench")
                .assumeRoleSessionExpiration(1800)
                .build();
            for (int r = 0; r < remoteStates; r++) {
                if (r % 2 == 0) {
                    io.github.statebackends.DataTerraformRemoteStateCos.Builder.create(stack, "cos-" + r)
                        .bucket("tfstate-1250000000")
                        .region("ap-guangzhou")
                        .prefix("team-" + (r % 5))
                        .key("stack-" + s + "/remote-" + r + ".tfstate")
                        .encrypt(true)
                        .acl("private")
                        .assumeRole(io.github.statebackends.CosBackendAssumeRole.builder()
                            .roleArn("qcs::cam::uin/100000000001:roleName/terraform")
                            .sessionName("cdktf-bench")
                            .sessionDuration(3600)
                            .build())
                        .build();
                } else {
                    io.github.statebackends.DataTerraformRemoteStateAzurerm.Builder.create(stack, "azurerm-" + r)
                        .storageAccountName("acmetfstate")
                        .containerName("tfstate")
                        .key("stack-" + s + "/remote-" + r + ".terraform.tfstate")
                        .resourceGroupName("rg-tfstate")
                        .subscriptionId("00000000-0000-0000-0000-000000000001")
                        .tenantId("00000000-0000-0000-0000-000000000002")
                        .useAzureadAuth(true)
                        .useMsi(true)
                        .environment("public")
                        .build();
                }
            }
        }
        return app;
    }

    static App buildWithCdktf(final int stacks, final int remoteStates, final Path outdir) {
        final App app = App.Builder.create().outdir(outdir.toString()).build();
        for (int s = 0; s < stacks; s++) {
            final TerraformStack stack = new TerraformStack(app, "stack-" + s);
            com.hashicorp.cdktf.OssBackend.Builder.create(stack)
                .bucket("acme-tfstate")
                .region("cn-hangzhou")
                .prefix("stacks/stack-" + s)
                .key("terraform.tfstate")
                .tablestoreEndpoint("https://acme-lock.cn-hangzhou.ots.aliyuncs.com")
                .tablestoreTable("terraform_lock")
                .encrypt(true)
                .acl("private")
                .assumeRoleRoleArn("acs:ram::1000000000000001:role/terraform")
                .assumeRoleSessionName("cdktf-bench")
                .assumeRoleSessionExpiration(1800)
                .build();
            for (int r = 0; r < remoteStates; r++) {
                if (r % 2 == 0) {
                    com.hashicorp.cdktf.DataTerraformRemoteStateCos.Builder.create(stack, "cos-" + r)
                        .bucket("tfstate-1250000000")
                        .region("ap-guangzhou")
                        .prefix("team-" + (r % 5))
                        .key("stack-" + s + "/remote-" + r + ".tfstate")
                        .encrypt(true)
                        .acl("private")
                        .assumeRole(com.hashicorp.cdktf.CosBackendAssumeRole.builder()
                            .roleArn("qcs::cam::uin/100000000001:roleName/terraform")
                            .sessionName("cdktf-bench")
                            .sessionDuration(3600)
                            .build())
                        .build();
                } else {
                    com.hashicorp.cdktf.DataTerraformRemoteStateAzurerm.Builder.create(stack, "azurerm-" + r)
                        .storageAccountName("acmetfstate")
                        .containerName("tfstate")
                        .key("stack-" + s + "/remote-" + r + ".terraform.tfstate")
                        .resourceGroupName("rg-tfstate")
                        .subscriptionId("00000000-0000-0000-0000-000000000001")
                        .tenantId("00000000-0000-0000-0000-000000000002")
                        .useAzureadAuth(true)
                        .useMsi(true)
                        .environment("public")
                        .build();
                }
            }
        }
        return app;
    }

    // --- equivalence --------------------------------------------------------------------------

    /** Both variants write the same configuration (modulo the assume_role list) and no annotations. */
    static void checkEquivalent(final int stacks, final Options options) throws IOException {
        final ObjectMapper mapper = new ObjectMapper();
        final Map<Variant, Path> dirs = new EnumMap<>(Variant.class);
        try {
            for (final Variant v : Variant.values()) {
                final Path dir = Files.createTempDirectory(options.tmpdir(), "bench-java-check-" + v.letter() + "-");
                dirs.put(v, dir);
                runOnce(v, stacks, options, dir);
                final JsonNode manifest = mapper.readTree(dir.resolve("manifest.json").toFile());
                for (final JsonNode stack : manifest.path("stacks")) {
                    if (stack.path("annotations").size() > 0) {
                        throw new IllegalStateException("variant " + v.letter() + " recorded annotations: " + stack.path("annotations"));
                    }
                }
            }
            long bytesA = 0;
            long bytesB = 0;
            for (int s = 0; s < stacks; s++) {
                final Path fileA = dirs.get(Variant.A).resolve("stacks/stack-" + s + "/cdk.tf.json");
                final Path fileB = dirs.get(Variant.B).resolve("stacks/stack-" + s + "/cdk.tf.json");
                bytesA += Files.size(fileA);
                bytesB += Files.size(fileB);
                final JsonNode a = mapper.readTree(fileA.toFile());
                final JsonNode b = mapper.readTree(fileB.toFile());
                final Iterator<JsonNode> blocks = a.path("data").path("terraform_remote_state").elements();
                while (blocks.hasNext()) {
                    final JsonNode config = blocks.next().path("config");
                    final JsonNode role = config.path("assume_role");
                    if (role.isArray() && role.size() == 1) {
                        ((ObjectNode) config).set("assume_role", ((ArrayNode) role).get(0));
                    }
                }
                if (!a.equals(b)) {
                    throw new IllegalStateException("stack-" + s + ": the two variants wrote different configurations");
                }
            }
            log("S=" + stacks + ": outputs equivalent (assume_role list vs object only), no warnings; cdk.tf.json bytes a "
                + bytesA + ", b " + bytesB);
        } finally {
            for (final Path dir : dirs.values()) {
                deleteTree(dir);
            }
        }
    }

    // --- report -------------------------------------------------------------------------------

    static String report(final Options options, final List<SizeResult> results, final Instant startedAt, final double minutes,
                         final double loadBefore, final double loadAfter) {
        final int r = options.remoteStates();
        final StringBuilder md = new StringBuilder();
        md.append("### Java: synth cost through jsii, (a) ").append(Variant.A.title).append(" vs (b) ").append(Variant.B.title)
            .append("\n\n");
        md.append(String.format(Locale.ROOT, "Run %s (%.1f min); outdirs in %s.%n", startedAt, minutes,
            options.tmpdir().equals(defaultTmp()) ? "the OS temp dir" : "`" + options.tmpdir() + "`"));
        md.append(String.format(Locale.ROOT, "- %d cores; memory %.1f GiB; %s %s %s%n", Runtime.getRuntime().availableProcessors(),
            totalMemoryGiB(), System.getProperty("os.name"), System.getProperty("os.version"), System.getProperty("os.arch")));
        md.append(String.format(Locale.ROOT, "- Java %s (%s); jsii kernel on Node.js %s; JVM max heap %d MiB%n",
            System.getProperty("java.runtime.version"), System.getProperty("java.vm.name"), nodeVersion(),
            Runtime.getRuntime().maxMemory() / 1024 / 1024));
        md.append(String.format(Locale.ROOT, "- load average (1 min) %.2f before, %.2f after%n", loadBefore, loadAfter));
        md.append(String.format(Locale.ROOT, "- R = %d remote states per stack (COS and AzureRM alternating) + 1 OSS backend, %s; "
            + "one fresh JVM (and jsii kernel) per size, each with a warm-up of %d pairs at S=10 and one checked pair; "
            + "measured pairs %s%n%n", r, TARGET_NOTE, options.warmup(), pairsText(results)));

        md.append(row("S", "constructs", "pairs", "(a) median ms", "(b) median ms", "ratio a/b (median of pairs)", "ratio IQR",
            "ratio min-max", "build ms a / b", "synth ms a / b"));
        md.append(row(Stream.generate(() -> "---").limit(10).toArray(String[]::new)));
        for (final SizeResult res : results) {
            md.append(row(
                String.valueOf(res.stacks()),
                String.valueOf(res.stacks() * (r + 1)),
                String.valueOf(res.pairs()),
                ms(med(res, Variant.A, Sample::totalMs)),
                ms(med(res, Variant.B, Sample::totalMs)),
                "**" + ratio(quantile(res.ratios(), 0.5)) + "**",
                ratio(quantile(res.ratios(), 0.25)) + "-" + ratio(quantile(res.ratios(), 0.75)),
                ratio(res.ratios().stream().min(Comparator.naturalOrder()).orElseThrow()) + "-"
                    + ratio(res.ratios().stream().max(Comparator.naturalOrder()).orElseThrow()),
                ms(med(res, Variant.A, Sample::buildMs)) + " / " + ms(med(res, Variant.B, Sample::buildMs)),
                ms(med(res, Variant.A, Sample::synthMs)) + " / " + ms(med(res, Variant.B, Sample::synthMs))));
        }

        md.append("\n#### CPU time per run (ms), by side\n\n");
        md.append("Mean over the measured runs (the kernel's figure comes from the OS in 10 ms ticks). CPU time does not "
            + "count the time a process waits for the machine, so it moves less than wall time when other jobs run.\n\n");
        md.append(row("S", "JVM a / b", "jsii kernel a / b", "both a / b", "ratio a/b", "(a) - (b), µs per construct"));
        md.append(row(Stream.generate(() -> "---").limit(6).toArray(String[]::new)));
        for (final SizeResult res : results) {
            final double[] jvm = {mean(res, Variant.A, Sample::jvmCpuMs), mean(res, Variant.B, Sample::jvmCpuMs)};
            final double[] kernel = {mean(res, Variant.A, Sample::kernelCpuMs), mean(res, Variant.B, Sample::kernelCpuMs)};
            final double bothA = jvm[0] + kernel[0];
            final double bothB = jvm[1] + kernel[1];
            md.append(row(String.valueOf(res.stacks()), ms(jvm[0]) + " / " + ms(jvm[1]), ms(kernel[0]) + " / " + ms(kernel[1]),
                ms(bothA) + " / " + ms(bothB), ratio(bothA / bothB),
                String.format(Locale.ROOT, "%.1f", (bothA - bothB) * 1000 / (res.stacks() * (r + 1)))));
        }

        md.append("\n#### Time per stack (ms), and growth\n\n");
        md.append("Median per stack at each size; the log-log slope between consecutive sizes (1 = linear; the step from the "
            + "smallest size also absorbs the app's fixed cost, so it reads low).\n\n");
        final List<String> header = new ArrayList<>(List.of("median"));
        results.forEach(res -> header.add("S=" + res.stacks()));
        for (int i = 1; i < results.size(); i++) {
            header.add("slope " + results.get(i - 1).stacks() + "→" + results.get(i).stacks());
        }
        md.append(row(header.toArray(String[]::new)));
        md.append(row(Stream.generate(() -> "---").limit(header.size()).toArray(String[]::new)));
        final Map<String, ToDoubleFunction<Sample>> phases = new LinkedHashMap<>();
        phases.put("total", Sample::totalMs);
        phases.put("build", Sample::buildMs);
        phases.put("synth", Sample::synthMs);
        for (final Map.Entry<String, ToDoubleFunction<Sample>> phase : phases.entrySet()) {
            for (final Variant v : Variant.values()) {
                final List<String> cells = new ArrayList<>(List.of(phase.getKey() + " (" + v.letter() + ")"));
                final double[] ys = new double[results.size()];
                for (int i = 0; i < results.size(); i++) {
                    ys[i] = med(results.get(i), v, phase.getValue());
                    cells.add(ms(ys[i] / results.get(i).stacks()));
                }
                for (int i = 1; i < results.size(); i++) {
                    cells.add(String.format(Locale.ROOT, "%.2f", logLogSlope(
                        new double[] {results.get(i - 1).stacks(), results.get(i).stacks()}, new double[] {ys[i - 1], ys[i]})));
                }
                md.append(row(cells.toArray(String[]::new)));
            }
        }
        final List<String> extra = new ArrayList<>(List.of("build (a) - build (b), µs per construct"));
        for (final SizeResult res : results) {
            final double diff = med(res, Variant.A, Sample::buildMs) - med(res, Variant.B, Sample::buildMs);
            extra.add(String.format(Locale.ROOT, "%.1f", diff * 1000 / (res.stacks() * (r + 1))));
        }
        for (int i = 1; i < results.size(); i++) {
            extra.add("");
        }
        md.append(row(extra.toArray(String[]::new)));
        return md.toString().stripTrailing();
    }

    static String pairsText(final List<SizeResult> results) {
        final List<String> parts = new ArrayList<>();
        results.forEach(res -> parts.add("S=" + res.stacks() + ": " + res.pairs()));
        return String.join(", ", parts);
    }

    static String row(final String... cells) {
        return "| " + String.join(" | ", cells) + " |\n";
    }

    static double med(final SizeResult res, final Variant v, final ToDoubleFunction<Sample> f) {
        return quantile(res.samples().get(v).stream().map(s -> f.applyAsDouble(s)).toList(), 0.5);
    }

    static double mean(final SizeResult res, final Variant v, final ToDoubleFunction<Sample> f) {
        return res.samples().get(v).stream().mapToDouble(f).average().orElse(Double.NaN);
    }

    static double quantile(final List<Double> values, final double q) {
        final double[] sorted = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        final double pos = (sorted.length - 1) * q;
        final int lo = (int) Math.floor(pos);
        final int hi = (int) Math.ceil(pos);
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
    }

    static double logLogSlope(final double[] xs, final double[] ys) {
        final double[] lx = Arrays.stream(xs).map(Math::log).toArray();
        final double[] ly = Arrays.stream(ys).map(Math::log).toArray();
        final double mx = Arrays.stream(lx).average().orElseThrow();
        final double my = Arrays.stream(ly).average().orElseThrow();
        double num = 0;
        double den = 0;
        for (int i = 0; i < lx.length; i++) {
            num += (lx[i] - mx) * (ly[i] - my);
            den += (lx[i] - mx) * (lx[i] - mx);
        }
        return num / den;
    }

    static String ms(final double value) {
        if (value >= 100) {
            return String.format(Locale.ROOT, "%.0f", value);
        }
        return String.format(Locale.ROOT, value >= 10 ? "%.1f" : "%.2f", value);
    }

    static String ratio(final double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }

    static double totalMemoryGiB() {
        final java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun.getTotalMemorySize() / 1024.0 / 1024 / 1024;
        }
        return Double.NaN;
    }

    static String nodeVersion() {
        try {
            final Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            final String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            p.waitFor();
            return out;
        } catch (IOException e) {
            return "unknown";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "unknown";
        }
    }

    // --- plumbing -----------------------------------------------------------------------------

    static Options parse(final String[] args) {
        final Map<String, String> kv = new LinkedHashMap<>();
        boolean quick = false;
        boolean worker = false;
        for (final String arg : args) {
            if (arg.equals("--quick")) {
                quick = true;
            } else if (arg.equals("--worker")) {
                worker = true;
            } else if (arg.startsWith("--") && arg.contains("=")) {
                kv.put(arg.substring(2, arg.indexOf('=')), arg.substring(arg.indexOf('=') + 1));
            } else if (!arg.isBlank()) {
                throw new IllegalArgumentException("unknown argument " + arg + " (see the header of SynthBench.java)");
            }
        }
        for (final String key : kv.keySet()) {
            if (!List.of("sizes", "remote-states", "pairs", "warmup", "tmpdir", "out", "only", "runs").contains(key)) {
                throw new IllegalArgumentException("unknown argument --" + key + " (see the header of SynthBench.java)");
            }
        }
        final List<Integer> sizes = Arrays.stream(kv.getOrDefault("sizes", quick ? "10,100" : "10,100,1000").split(","))
            .map(Integer::valueOf).toList();
        final Map<Integer, Integer> pairs = new LinkedHashMap<>();
        for (final String p : kv.getOrDefault("pairs", quick ? "10:6,100:2" : "10:30,100:30,1000:6").split(",")) {
            final String[] parts = p.split(":");
            pairs.put(Integer.valueOf(parts[0]), Integer.valueOf(parts[1]));
        }
        final Path tmpdir = kv.containsKey("tmpdir") ? Paths.get(kv.get("tmpdir")).toAbsolutePath() : defaultTmp();
        final Path out = Paths.get(kv.getOrDefault("out", quick ? "bench/results/java-quick.md" : "bench/results/java.md"));
        final Variant only = kv.containsKey("only") ? Variant.valueOf(kv.get("only").toUpperCase(Locale.ROOT)) : null;
        return new Options(sizes, Integer.parseInt(kv.getOrDefault("remote-states", "20")), pairs,
            Integer.parseInt(kv.getOrDefault("warmup", quick ? "3" : "10")), tmpdir, out, only,
            Integer.parseInt(kv.getOrDefault("runs", "5")), worker);
    }

    static Path defaultTmp() {
        return Paths.get(System.getProperty("java.io.tmpdir")).toAbsolutePath();
    }

    static void deleteTree(final Path dir) throws IOException {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }

    static void log(final String line) {
        System.err.println(line);
    }
}
