package com.mycompany.app;

import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformOutput;
import com.hashicorp.cdktf.TerraformOutputConfig;
import com.hashicorp.cdktf.TerraformResource;
import com.hashicorp.cdktf.TerraformResourceConfig;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.GcsBackend;
import io.github.statebackends.GcsBackendConfig;
import io.github.statebackends.StateBackendWarnings;
import software.constructs.Construct;

/** The app of test/cli/apps/typescript/main.ts in Java; SCENARIO picks what the synth shows. */
public final class Main {
    static final String BUCKET = "app-state";
    static final String ENDPOINT = "config-error".equals(System.getenv("SCENARIO"))
        ? "http://127.0.0.1:4443/storage/v1"
        : "http://127.0.0.1:4443/storage/v1/b";

    static final class NetworkStack extends TerraformStack {
        final TerraformResource vpc;

        NetworkStack(final Construct scope, final String id) {
            super(scope, id);
            // A literal token: the library warns (field/literal-secret).
            new GcsBackend(this, GcsBackendConfig.builder()
                .bucket(BUCKET).prefix("network").storeageCustomEndpoint(ENDPOINT).accessToken("emulator-token").build());
            vpc = new TerraformResource(this, "vpc", TerraformResourceConfig.builder()
                .terraformResourceType("terraform_data").build());
            vpc.addOverride("input", "vpc-0042");
        }
    }

    static final class AppStack extends TerraformStack {
        AppStack(final Construct scope, final String id, final NetworkStack network) {
            super(scope, id);
            new GcsBackend(this, GcsBackendConfig.builder().bucket(BUCKET).prefix("app").storeageCustomEndpoint(ENDPOINT).build());
            new TerraformOutput(this, "vpc_id", TerraformOutputConfig.builder()
                .value(network.vpc.getStringAttribute("output")).build());
        }
    }

    public static void main(final String[] args) {
        final App app = new App();
        if ("acknowledged".equals(System.getenv("SCENARIO"))) {
            StateBackendWarnings.acknowledge(app, "field/literal-secret", "the emulator token is no secret");
            StateBackendWarnings.acknowledge(app, "remote-state/secrets-left-out", "the run provides GOOGLE_OAUTH_ACCESS_TOKEN");
        }
        final NetworkStack network = new NetworkStack(app, "network");
        new AppStack(app, "app", network);
        app.synth();
    }

    private Main() {
    }
}
