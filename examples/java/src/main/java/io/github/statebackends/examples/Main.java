package io.github.statebackends.examples;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformOutput;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.DataTerraformRemoteStateAzurerm;
import io.github.statebackends.DataTerraformRemoteStateCos;
import io.github.statebackends.OssBackend;
import io.github.statebackends.StateBackendTarget;
import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import software.constructs.IConstruct;

/**
 * A two-stack app, synthesized without a cloud account or the cdktf CLI.
 *
 * <ul>
 *   <li>{@code state}: keeps its state in Alibaba Cloud OSS, locked through a TableStore table.</li>
 *   <li>{@code app}: keeps its own state in the same bucket and reads two other configurations'
 *       state, one in Tencent Cloud COS and one in Azure Blob Storage, re-exporting two of their
 *       outputs.</li>
 * </ul>
 *
 * <p>Credentials stay out of the code: the Terraform run takes them from the environment
 * ({@code ALICLOUD_ACCESS_KEY}/{@code ALICLOUD_SECRET_KEY}, {@code TENCENTCLOUD_SECRET_ID}/
 * {@code TENCENTCLOUD_SECRET_KEY}, {@code ARM_*} or OIDC).
 */
public final class Main {
    private static final String BUCKET = "acme-tfstate";

    private Main() {
    }

    public static void main(final String[] args) throws IOException {
        final Path outdir = Paths.get(System.getProperty("example.outdir", "cdktf.out")).toAbsolutePath().normalize();
        final App app = App.Builder.create().outdir(outdir.toString()).build();
        // The library's default target is the newest Terraform it knows; pin yours before adding stacks:
        // StateBackendTarget.terraform("1.11.4").applyTo(app);

        final TerraformStack state = new TerraformStack(app, "state");
        ossBackend(state, "state/terraform.tfstate");
        TerraformOutput.Builder.create(state, "lock_table").value("terraform_lock").build();

        final TerraformStack application = new TerraformStack(app, "app");
        ossBackend(application, "app/terraform.tfstate");
        final DataTerraformRemoteStateCos network = DataTerraformRemoteStateCos.Builder.create(application, "network")
            .bucket("tfstate-1250000000")
            .region("ap-guangzhou")
            .prefix("env:")
            .key("network/terraform.tfstate")
            .encrypt(true)
            .workspace("production")
            .defaults(Map.of("vpc_id", "vpc-not-yet-created"))
            .build();
        final DataTerraformRemoteStateAzurerm shared = DataTerraformRemoteStateAzurerm.Builder.create(application, "shared")
            .storageAccountName("acmetfstate")
            .containerName("tfstate")
            .key("shared.terraform.tfstate")
            .resourceGroupName("rg-tfstate")
            .subscriptionId("00000000-0000-0000-0000-000000000001")
            .useDirectoryAuth(true)
            .useOidc(true)
            .build();
        TerraformOutput.Builder.create(application, "vpc_id").value(network.getString("vpc_id")).build();
        TerraformOutput.Builder.create(application, "dns_zone").value(shared.getString("dns_zone_name")).build();

        app.synth();

        System.out.println("target " + StateBackendTarget.of(app) + ", written to " + outdir);
        print(app, outdir);
    }

    /** The OSS backend both stacks use, with a TableStore lock table; only the key differs. */
    private static OssBackend ossBackend(final TerraformStack stack, final String key) {
        return OssBackend.Builder.create(stack)
            .bucket(BUCKET)
            .region("cn-hangzhou")
            .prefix("env:")
            .key(key)
            .encrypt(true)
            .acl("private")
            .lockStoreEndpoint("https://acme-lock.cn-hangzhou.ots.aliyuncs.com")
            .lockStoreTable("terraform_lock")
            .assumeRoleRoleArn("acs:ram::1000000000000001:role/terraform")
            .assumeRoleSessionName("cdktf-example")
            .build();
    }

    /** Prints each stack's backend, remote states and outputs from what was written to disk. */
    private static void print(final App app, final Path outdir) throws IOException {
        final ObjectMapper mapper = new ObjectMapper();
        final JsonNode manifest = mapper.readTree(outdir.resolve("manifest.json").toFile());
        for (final IConstruct child : app.getNode().getChildren()) {
            if (!(child instanceof TerraformStack)) {
                continue;
            }
            final String name = child.getNode().getId();
            final String relative = manifest.path("stacks").path(name).path("synthesizedStackPath").asText();
            final Path file = outdir.resolve(relative).normalize();
            final JsonNode json = mapper.readTree(file.toFile());
            System.out.println();
            System.out.println("stack " + name);
            for (final Map.Entry<String, JsonNode> backend : json.path("terraform").path("backend").properties()) {
                System.out.println("  backend " + backend.getKey() + ": " + attributes(backend.getValue()));
            }
            for (final Map.Entry<String, JsonNode> rs : json.path("data").path("terraform_remote_state").properties()) {
                final JsonNode block = rs.getValue();
                final String workspace = block.has("workspace") ? ", workspace " + block.get("workspace").asText() : "";
                System.out.println("  remote state " + rs.getKey() + " (" + block.path("backend").asText() + workspace + "): "
                    + attributes(block.path("config")));
            }
            for (final Map.Entry<String, JsonNode> output : json.path("output").properties()) {
                System.out.println("  output " + output.getKey() + " = " + output.getValue().path("value").asText());
            }
            System.out.println("  wrote " + file);
        }
    }

    private static String attributes(final JsonNode block) {
        final List<String> parts = new ArrayList<>();
        for (final Map.Entry<String, JsonNode> e : block.properties()) {
            parts.add(e.getKey() + "=" + (e.getValue().isValueNode() ? e.getValue().asText() : e.getValue().toString()));
        }
        return String.join(", ", parts);
    }
}
