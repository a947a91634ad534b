package io.github.statebackends.bench;

import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformLocal;
import com.hashicorp.cdktf.TerraformOutput;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.StateBackendValue;
import java.lang.management.ManagementFactory;
import java.util.Locale;
import java.util.Map;

/**
 * One run of the README-patterns benchmark in a fresh JVM (and so a fresh jsii kernel), as
 * {@code cdktf synth} starts one for a Java app: the app of bench/patterns-app.ts for one pattern,
 * built with this library's builders (variant a) or cdktf's (variant b), then synthesized into the
 * given outdir. bench/patterns.ts starts it once per run:
 *
 * <pre>java -cp ... io.github.statebackends.bench.PatternsChild &lt;pattern&gt; &lt;a|b&gt; &lt;stacks&gt; &lt;outdir&gt;</pre>
 *
 * <p>The values are written literally, as a Java user writes them; bench/patterns-app.ts is their
 * one definition, and the driver checks this child's output against it before measuring. It prints
 * one line {@code RESULT {...}}: the wall and CPU time of each phase and of the whole run, the
 * JVM's CPU ({@code getProcessCpuTime}, every thread) and the kernel's (the JVM's descendant
 * processes, the node wrapper and the node it starts, in the OS's 10 ms ticks), as SynthBench does.
 */
public final class PatternsChild {
    private PatternsChild() {
    }

    public static void main(final String[] args) {
        final String pattern = args[0];
        final boolean library = args[1].equals("a");
        final int stacks = Integer.parseInt(args[2]);
        final double c0 = cpuMs();
        final long t0 = System.nanoTime();
        // Starts the jsii kernel and loads cdktf into it.
        final App app = App.Builder.create().outdir(args[3]).build();
        final long t1 = System.nanoTime();
        final double c1 = cpuMs();
        build(app, pattern, library, stacks);
        final long t2 = System.nanoTime();
        final double c2 = cpuMs();
        app.synth();
        final long t3 = System.nanoTime();
        final double jvm = jvmCpuMs();
        final double kernel = kernelCpuMs();
        System.out.printf(Locale.ROOT, "RESULT {\"setupMs\": %.3f, \"buildMs\": %.3f, \"synthMs\": %.3f, \"cpuSetupMs\": %.3f, "
                + "\"cpuBuildMs\": %.3f, \"cpuSynthMs\": %.3f, \"cpuMs\": %.3f, \"hostCpuMs\": %.3f, \"kernelCpuMs\": %.3f, "
                + "\"runtime\": \"Java %s (%s)\"}%n",
            (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, c1 - c0, c2 - c1, jvm + kernel - c2, jvm + kernel, jvm, kernel,
            System.getProperty("java.runtime.version"), System.getProperty("java.vm.name"));
        System.out.flush();
    }

    /** The app of bench/patterns-app.ts: S stacks, each with the pattern's backend and one output. */
    static void build(final App app, final String pattern, final boolean library, final int stacks) {
        TerraformLocal previous = null;
        for (int s = 0; s < stacks; s++) {
            final TerraformStack stack = new TerraformStack(app, "stack-" + s);
            final String prefix = "stacks/stack-" + s;
            switch (pattern) {
                case "gcs", "cross-stack" -> gcs(stack, library, "acme-tfstate", prefix);
                case "cos" -> cos(stack, library, prefix);
                case "oss" -> oss(stack, library, prefix);
                case "azurerm" -> azurerm(stack, library, "stacks/stack-" + s + ".tfstate", null);
                case "azurerm-env" -> azurerm(stack, library, "stacks/stack-" + s + ".tfstate", "public");
                case "from-init" -> fromInit(stack, library, prefix);
                case "for-each-stack" -> {
                    if (!library) {
                        gcs(stack, false, "acme-tfstate", "prod/stack-" + s);
                    }
                }
                default -> throw new IllegalArgumentException("unknown pattern " + pattern);
            }
            if (pattern.equals("cross-stack")) {
                final TerraformLocal local = new TerraformLocal(stack, "value", previous == null ? "stack-" + s : previous.getAsString());
                TerraformOutput.Builder.create(stack, "name").value(local.getAsString()).build();
                previous = local;
            } else {
                TerraformOutput.Builder.create(stack, "name").value("stack-" + s).build();
            }
        }
        if (library && pattern.equals("for-each-stack")) {
            io.github.statebackends.GcsBackend.forEachStack(app,
                io.github.statebackends.GcsBackendConfig.builder().bucket("acme-tfstate").prefix("prod").build());
        }
    }

    static void gcs(final TerraformStack stack, final boolean library, final String bucket, final String prefix) {
        if (library) {
            io.github.statebackends.GcsBackend.Builder.create(stack).bucket(bucket).prefix(prefix).build();
        } else {
            com.hashicorp.cdktf.GcsBackend.Builder.create(stack).bucket(bucket).prefix(prefix).build();
        }
    }

    static void fromInit(final TerraformStack stack, final boolean library, final String prefix) {
        if (library) {
            final io.github.statebackends.GcsBackend backend = io.github.statebackends.GcsBackend.Builder.create(stack)
                .bucket(StateBackendValue.fromInit())
                .prefix(prefix)
                .build();
            backend.addConfigFile("prod", Map.of("bucket", "acme-tfstate-prod"));
            backend.addConfigFile("dev", Map.of("bucket", "acme-tfstate-dev"));
        } else {
            gcs(stack, false, "acme-tfstate-prod", prefix);
        }
    }

    static void cos(final TerraformStack stack, final boolean library, final String prefix) {
        if (library) {
            io.github.statebackends.CosBackend.Builder.create(stack).bucket("acme-tfstate-1250000000").region("ap-guangzhou").prefix(prefix).build();
        } else {
            com.hashicorp.cdktf.CosBackend.Builder.create(stack).bucket("acme-tfstate-1250000000").region("ap-guangzhou").prefix(prefix).build();
        }
    }

    static void oss(final TerraformStack stack, final boolean library, final String prefix) {
        if (library) {
            io.github.statebackends.OssBackend.Builder.create(stack).bucket("acme-tfstate").prefix(prefix).build();
        } else {
            com.hashicorp.cdktf.OssBackend.Builder.create(stack).bucket("acme-tfstate").prefix(prefix).build();
        }
    }

    /** {@code environment} null: left unset (ARM_ENVIRONMENT decides). */
    static void azurerm(final TerraformStack stack, final boolean library, final String key, final String environment) {
        if (library) {
            final io.github.statebackends.AzurermBackend.Builder backend = io.github.statebackends.AzurermBackend.Builder.create(stack)
                .storageAccountName("acmetfstate")
                .containerName("tfstate")
                .key(key)
                .useAzureadAuth(true);
            if (environment != null) {
                backend.environment(environment);
            }
            backend.build();
        } else {
            final com.hashicorp.cdktf.AzurermBackend.Builder backend = com.hashicorp.cdktf.AzurermBackend.Builder.create(stack)
                .storageAccountName("acmetfstate")
                .containerName("tfstate")
                .key(key)
                .useAzureadAuth(true);
            if (environment != null) {
                backend.environment(environment);
            }
            backend.build();
        }
    }

    /** CPU time of the run so far: this JVM and its jsii kernel. */
    static double cpuMs() {
        return jvmCpuMs() + kernelCpuMs();
    }

    static double jvmCpuMs() {
        return SynthBench.jvmCpuMs();
    }

    static double kernelCpuMs() {
        return SynthBench.kernelCpuMs();
    }
}
