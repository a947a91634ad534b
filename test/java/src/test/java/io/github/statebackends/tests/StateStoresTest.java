package io.github.statebackends.tests;

import static io.github.statebackends.tests.Support.app;
import static io.github.statebackends.tests.Support.at;
import static io.github.statebackends.tests.Support.keysOf;
import static io.github.statebackends.tests.Support.refused;
import static io.github.statebackends.tests.Support.synth;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.hashicorp.cdktf.App;
import com.hashicorp.cdktf.TerraformStack;
import io.github.statebackends.AzurermBackendOptions;
import io.github.statebackends.AzurermStateContainer;
import io.github.statebackends.CosStateBucket;
import io.github.statebackends.DataTerraformRemoteStateGcs;
import io.github.statebackends.DataTerraformRemoteStateGcsOptions;
import io.github.statebackends.GcsBackendOptions;
import io.github.statebackends.GcsStateBucket;
import io.github.statebackends.OssBackendOptions;
import io.github.statebackends.OssStateBucket;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The state store constructs from Java, written as Java users write them: the builders
 * ({@code GcsStateBucket.Builder.create(stack, "state").name(...).location(...).build()}), the
 * backends made from the store ({@code bucket.backend(stack, GcsBackendOptions.builder()...)}),
 * the settings a state store needs on by default, and a loosening said out loud.
 */
class StateStoresTest {

    /** The only resource of {@code type} in a synthesized stack. */
    private static JsonNode resource(final JsonNode stack, final String type) {
        final JsonNode all = at(stack, "resource." + type);
        assertEquals(1, all.size(), "one " + type);
        return all.elements().next();
    }

    @Test
    void aBootstrapStackMakesTheBucketAndTheOtherStacksKeepTheirStateInIt() {
        // GIVEN a bootstrap stack with the bucket, and a stack whose backend comes from it
        final App app = app();
        final TerraformStack bootstrap = new TerraformStack(app, "bootstrap");
        final GcsStateBucket bucket = GcsStateBucket.Builder.create(bootstrap, "state")
            .name("acme-tfstate")
            .location("EU")
            .build();
        final TerraformStack network = new TerraformStack(app, "network");
        bucket.backend(network, GcsBackendOptions.builder().prefix("network").build());
        final TerraformStack service = new TerraformStack(app, "service");
        bucket.backend(service, GcsBackendOptions.builder().prefix("service").build());
        final DataTerraformRemoteStateGcs networkState = bucket.remoteState(service, "network",
            DataTerraformRemoteStateGcsOptions.builder().prefix("network").build());

        // THEN the bucket carries every default, one argument at a time
        final JsonNode made = resource(synth(bootstrap), "google_storage_bucket");
        assertEquals("acme-tfstate", made.path("name").asText());
        assertEquals("EU", made.path("location").asText());
        assertTrue(at(made, "versioning.enabled").asBoolean());
        assertEquals(365, at(made, "lifecycle_rule").get(0).path("condition").path("days_since_noncurrent_time").asInt());
        assertEquals("ARCHIVED", at(made, "lifecycle_rule").get(0).path("condition").path("with_state").asText());
        assertEquals("Delete", at(made, "lifecycle_rule").get(0).path("action").path("type").asText());
        assertEquals(604800, at(made, "soft_delete_policy.retention_duration_seconds").asInt());
        assertTrue(made.path("uniform_bucket_level_access").asBoolean());
        assertEquals("enforced", made.path("public_access_prevention").asText());
        assertEquals(false, made.path("force_destroy").asBoolean(true));
        assertTrue(at(made, "lifecycle.prevent_destroy").asBoolean());
        // AND the stacks name it once, and depend on the bootstrap stack
        assertEquals("acme-tfstate", at(synth(network), "terraform.backend.gcs.bucket").asText());
        assertEquals("network", at(synth(network), "terraform.backend.gcs.prefix").asText());
        assertEquals(List.of(bootstrap), network.getDependencies());
        assertEquals(List.of(bootstrap), service.getDependencies());
        final JsonNode read = at(synth(service), "data.terraform_remote_state").elements().next();
        assertEquals("gcs", read.path("backend").asText());
        assertEquals("acme-tfstate", at(read, "config.bucket").asText());
        assertEquals("network", at(read, "config.prefix").asText());
        assertEquals("terraform_remote_state", DataTerraformRemoteStateGcs.TF_RESOURCE_TYPE);
        assertTrue(networkState.getFriendlyUniqueId().contains("network"));
    }

    @Test
    void aDefaultIsLoosenedOnlyByAProp() {
        // GIVEN a bucket whose public access prevention is left to the organization policy
        final TerraformStack bootstrap = new TerraformStack(app(), "bootstrap");
        GcsStateBucket.Builder.create(bootstrap, "state")
            .name("acme-tfstate")
            .location("EU")
            .publicAccessPrevention("inherited")
            .preventDestroy(false)
            .build();
        // THEN that, and only that, changed
        final JsonNode made = resource(synth(bootstrap), "google_storage_bucket");
        assertEquals("inherited", made.path("public_access_prevention").asText());
        assertEquals(false, at(made, "lifecycle.prevent_destroy").asBoolean(true));
        assertTrue(at(made, "versioning.enabled").asBoolean());
    }

    @Test
    void forEachStackGivesEveryOtherStackABackendInTheBucket() {
        final App app = app();
        final TerraformStack bootstrap = new TerraformStack(app, "bootstrap");
        final CosStateBucket bucket = CosStateBucket.Builder.create(bootstrap, "state")
            .bucket("tfstate-1250000000")
            .region("ap-guangzhou")
            .build();
        final TerraformStack network = new TerraformStack(app, "network");
        assertEquals(1, bucket.forEachStack(app).size());
        final JsonNode cos = at(synth(network), "terraform.backend.cos");
        assertEquals(Set.of("bucket", "prefix", "region"), keysOf(cos));
        assertEquals("network", cos.path("prefix").asText());
        assertEquals("ap-guangzhou", cos.path("region").asText());
    }

    @Test
    void anOssBucketComesWithItsLockTableAndItsBackendsLockWithIt() {
        final App app = app();
        final TerraformStack bootstrap = new TerraformStack(app, "bootstrap");
        final OssStateBucket bucket = OssStateBucket.Builder.create(bootstrap, "state")
            .bucket("acme-tfstate")
            .region("cn-hangzhou")
            .build();
        final TerraformStack network = new TerraformStack(app, "network");
        bucket.backend(network, OssBackendOptions.builder().prefix("network").build());
        final JsonNode table = resource(synth(bootstrap), "alicloud_ots_table");
        assertEquals("LockID", table.path("primary_key").get(0).path("name").asText());
        assertEquals("String", table.path("primary_key").get(0).path("type").asText());
        final JsonNode oss = at(synth(network), "terraform.backend.oss");
        assertEquals("https://tfstate-lock.cn-hangzhou.ots.aliyuncs.com", oss.path("tablestore_endpoint").asText());
        assertEquals("terraform_lock", oss.path("tablestore_table").asText());
    }

    @Test
    void anAzureContainerNamesItsAccountContainerAndResourceGroup() {
        final App app = app();
        final TerraformStack bootstrap = new TerraformStack(app, "bootstrap");
        final AzurermStateContainer container = AzurermStateContainer.Builder.create(bootstrap, "state")
            .storageAccountName("acmetfstate")
            .resourceGroupName("rg-tfstate")
            .location("westeurope")
            .build();
        final TerraformStack network = new TerraformStack(app, "network");
        container.backend(network, AzurermBackendOptions.builder().key("network.terraform.tfstate").build());
        final JsonNode azurerm = at(synth(network), "terraform.backend.azurerm");
        assertEquals(Set.of("container_name", "key", "resource_group_name", "storage_account_name"), keysOf(azurerm));
        assertEquals("TLS1_2", resource(synth(bootstrap), "azurerm_storage_account").path("min_tls_version").asText());
    }

    @Test
    void aNameTheBackendRefusesIsRefusedAtTheConstructWithTheBackendsRule() {
        final TerraformStack bootstrap = new TerraformStack(app(), "bootstrap");
        final String message = refused(() -> OssStateBucket.Builder.create(bootstrap, "state")
            .bucket("Acme_State")
            .region("cn-hangzhou")
            .build());
        assertTrue(message.contains("- bucket: got \"Acme_State\", expected a bucket name of 3 to 63 lower-case letters"), message);
        assertTrue(message.endsWith("[oss/bucket-name]") || message.contains("[oss/bucket-name]\n"), message);
    }

    @Test
    void adoptingWritesAnImportBlock() {
        final TerraformStack bootstrap = new TerraformStack(app(), "bootstrap");
        GcsStateBucket.Builder.create(bootstrap, "state")
            .name("legacy-tfstate")
            .location("EU")
            .project("acme-infra")
            .adopt(true)
            .build();
        final JsonNode imports = at(synth(bootstrap), "import");
        assertEquals(1, imports.size());
        assertEquals("acme-infra/legacy-tfstate", imports.get(0).path("id").asText());
        assertTrue(imports.get(0).path("to").asText().startsWith("google_storage_bucket."));
    }
}
