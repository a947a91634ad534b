package com.mycompany.app;

import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformOutput;
import com.hashicorp.cdktf.TerraformOutputConfig;
import com.hashicorp.cdktf.TerraformProvider;
import com.hashicorp.cdktf.TerraformResource;
import com.hashicorp.cdktf.TerraformResourceConfig;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.DataTerraformRemoteStateGcs;
import io.github.statebackends.DataTerraformRemoteStateGcsOptions;
import io.github.statebackends.GcsBackendOptions;
import io.github.statebackends.GcsStateBucket;
import software.constructs.IConstruct;

/**
 * A new user's app (README "Quick start" and "Creating the state store"), the app of
 * test/cli/apps/typescript/bootstrap.ts in Java: a bootstrap stack holding the state bucket, and two
 * stacks whose state lives in it, the second reading the first's output.
 */
public final class Bootstrap {
    public static void main(final String[] args) {
        final App app = new App();

        final TerraformStack bootstrap = new TerraformStack(app, "bootstrap");
        final GcsStateBucket bucket = GcsStateBucket.Builder.create(bootstrap, "state")
            .name("acme-tfstate")
            .location("EU")
            .project("acme-infra")
            .build();

        final TerraformStack network = new TerraformStack(app, "network");
        bucket.backend(network, GcsBackendOptions.builder().prefix("network").build());
        final TerraformResource vpc = new TerraformResource(network, "vpc", TerraformResourceConfig.builder()
            .terraformResourceType("terraform_data").build());
        vpc.addOverride("input", "vpc-0042");
        new TerraformOutput(network, "vpc_id", TerraformOutputConfig.builder().value(vpc.getStringAttribute("output")).build());

        final TerraformStack service = new TerraformStack(app, "service");
        bucket.backend(service, GcsBackendOptions.builder().prefix("service").build());
        final DataTerraformRemoteStateGcs networkState = bucket.remoteState(service, "network",
            DataTerraformRemoteStateGcsOptions.builder().prefix("network").build());
        // A remote state names an object, not a stack: the CLI deploys network first only when told.
        service.addDependency(network);
        new TerraformOutput(service, "network_vpc_id", TerraformOutputConfig.builder().value(networkState.getString("vpc_id")).build());

        // On the tests' emulator only: a universe other than Google's, so the provider does not ask Google who its token is.
        final String universe = System.getenv("EMULATOR_UNIVERSE_DOMAIN");
        for (final IConstruct c : bootstrap.getNode().getChildren()) {
            if (universe != null && TerraformProvider.isTerraformProvider(c)) {
                ((TerraformProvider) c).addOverride("universe_domain", universe);
            }
        }

        app.synth();
    }
}
