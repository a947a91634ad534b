package com.mycompany.app;

import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformOutput;
import com.hashicorp.cdktf.TerraformOutputConfig;
import com.hashicorp.cdktf.TerraformResource;
import com.hashicorp.cdktf.TerraformResourceConfig;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.AzurermBackend;
import io.github.statebackends.AzurermBackendConfig;
import io.github.statebackends.GcsBackend;
import io.github.statebackends.GcsBackendConfig;
import io.github.statebackends.StateBackendValue;
import io.github.statebackends.StateBackendWarnings;
import java.util.Map;
import software.constructs.Construct;

/** The app of test/cli/apps/typescript/main.ts in Java; STORE and SCENARIO pick the same as there. */
public final class Main {
    static final String SCENARIO = System.getenv().getOrDefault("SCENARIO", "");
    static final boolean AZURE = "azurerm".equals(System.getenv("STORE"));
    static final boolean MOVED = "1".equals(System.getenv("MOVED"));
    static final String BUCKET = "app-state";
    static final String ACCOUNT = "runtimeacct";
    static final String ENDPOINT = "config-error".equals(SCENARIO)
        ? "http://127.0.0.1:4443/storage/v1"
        : "http://127.0.0.1:4443/storage/v1/b";

    /** The stack's own backend, as written by hand (the layout before forEachStack). */
    static void backendOf(final TerraformStack stack, final String name) {
        if (AZURE) {
            // The access key comes from ARM_ACCESS_KEY.
            new AzurermBackend(stack, AzurermBackendConfig.builder()
                .storageAccountName(ACCOUNT).containerName(BUCKET).key(name + ".tfstate").build());
        } else if ("network".equals(name)) {
            // A literal token: the library warns (field/literal-secret).
            new GcsBackend(stack, GcsBackendConfig.builder()
                .bucket(BUCKET).prefix(name).storeageCustomEndpoint(ENDPOINT).accessToken("emulator-token").build());
        } else {
            new GcsBackend(stack, GcsBackendConfig.builder().bucket(BUCKET).prefix(name).storeageCustomEndpoint(ENDPOINT).build());
        }
    }

    static final class NetworkStack extends TerraformStack {
        final TerraformResource vpc;

        NetworkStack(final Construct scope, final String id) {
            super(scope, id);
            vpc = new TerraformResource(this, "vpc", TerraformResourceConfig.builder()
                .terraformResourceType("terraform_data").build());
            vpc.addOverride("input", "vpc-0042");
        }
    }

    static final class AppStack extends TerraformStack {
        AppStack(final Construct scope, final String id, final NetworkStack network) {
            super(scope, id);
            new TerraformOutput(this, "vpc_id", TerraformOutputConfig.builder()
                .value(network.vpc.getStringAttribute("output")).build());
        }
    }

    public static void main(final String[] args) {
        final App app = new App();
        if ("acknowledged".equals(SCENARIO)) {
            StateBackendWarnings.acknowledge(app, "field/literal-secret", "the emulator token is no secret");
            StateBackendWarnings.acknowledge(app, "remote-state/secrets-left-out", "the run provides GOOGLE_OAUTH_ACCESS_TOKEN");
        }
        final NetworkStack network = new NetworkStack(app, "network");
        if ("environments".equals(SCENARIO)) {
            // One block for every environment: the bucket (container) comes from the config file init is given.
            if (AZURE) {
                final AzurermBackend backend = new AzurermBackend(network, AzurermBackendConfig.builder()
                    .storageAccountName(ACCOUNT).containerName(StateBackendValue.fromInit())
                    .key(MOVED ? "moved/network.tfstate" : "network.tfstate").build());
                backend.addConfigFile("prod", Map.of("containerName", BUCKET + "-prod"));
                backend.addConfigFile("dev", Map.of("containerName", BUCKET + "-dev"));
            } else {
                final GcsBackend backend = new GcsBackend(network, GcsBackendConfig.builder()
                    .bucket(StateBackendValue.fromInit()).prefix(MOVED ? "moved/network" : "network")
                    .storeageCustomEndpoint(ENDPOINT).build());
                backend.addConfigFile("prod", Map.of("bucket", BUCKET + "-prod"));
                backend.addConfigFile("dev", Map.of("bucket", BUCKET + "-dev"));
            }
        } else {
            final AppStack appStack = new AppStack(app, System.getenv().getOrDefault("APP_STACK", "app"), network);
            if ("for-each-stack".equals(SCENARIO)) {
                // Every stack's object named by its path under "prod" (the GCS token comes from GOOGLE_OAUTH_ACCESS_TOKEN).
                if (AZURE) {
                    AzurermBackend.forEachStack(app, AzurermBackendConfig.builder()
                        .storageAccountName(ACCOUNT).containerName(BUCKET).key("prod.tfstate").build());
                } else {
                    GcsBackend.forEachStack(app, GcsBackendConfig.builder()
                        .bucket(BUCKET).prefix("prod").storeageCustomEndpoint(ENDPOINT).build());
                }
            } else {
                backendOf(network, "network");
                backendOf(appStack, "app");
            }
            if ("throws".equals(SCENARIO)) {
                // Two backends in one stack: its validation fails (stack/one-backend) after the others showed their warnings.
                final TerraformStack broken = new TerraformStack(app, "zz-broken");
                backendOf(broken, "broken");
                broken.addOverride("terraform.backend.s3", Map.of("bucket", "x"));
            }
        }
        app.synth();
    }

    private Main() {
    }
}
